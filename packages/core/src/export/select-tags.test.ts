import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExportFilters, SelectionStrategy } from './export-filters.js';
import { selectTags } from './select-tags.js';

const tags = [
  { hashtag: 'd', count: 400 },
  { hashtag: 'a', count: 100 },
  { hashtag: 'u', count: -1 },
  { hashtag: 'c', count: 300 },
  { hashtag: 'b', count: 200 },
  { hashtag: 'b2', count: 200 },
];
const filters = (overrides: Partial<ExportFilters>): ExportFilters => ({
  postCount: [null, null],
  selectionStrategy: SelectionStrategy.lowestPostCount,
  selectionCount: 2,
  ...overrides,
});
const never = () => {
  throw new Error('random() must not be called');
};

describe('selectTags', () => {
  it('picks the lowest post counts, returned in list order', () => {
    expect(selectTags(tags, filters({ selectionCount: 3 }), never)).toEqual(['a', 'b', 'b2']);
  });

  it('picks the highest post counts, returned in list order', () => {
    const picked = selectTags(
      tags,
      filters({ selectionStrategy: 'highestPostCount', selectionCount: 2 }),
      never,
    );
    expect(picked).toEqual(['d', 'c']);
  });

  it('breaks equal counts by list order', () => {
    expect(selectTags(tags, filters({ selectionCount: 2 }), never)).toEqual(['a', 'b']);
    expect(
      selectTags(tags, filters({ selectionStrategy: 'highestPostCount', selectionCount: 3 }), never),
    ).toEqual(['d', 'c', 'b']);
  });

  it('puts unknown counts last in both orders', () => {
    expect(selectTags(tags, filters({ selectionCount: 6 }), never)).toEqual(['d', 'a', 'u', 'c', 'b', 'b2']);
    expect(selectTags(tags, filters({ selectionCount: 5 }), never)).not.toContain('u');
    expect(
      selectTags(tags, filters({ selectionStrategy: 'highestPostCount', selectionCount: 5 }), never),
    ).not.toContain('u');
  });

  it('filters by post count before selecting', () => {
    const picked = selectTags(tags, filters({ postCount: [250, null], selectionCount: 1 }), never);
    expect(picked).toEqual(['c']);
  });

  it('returns every candidate when asking for more than there are, and none for 0 or less', () => {
    expect(selectTags(tags, filters({ postCount: [300, null], selectionCount: 10 }), never)).toEqual([
      'd',
      'c',
    ]);
    expect(selectTags(tags, filters({ selectionCount: 0 }), never)).toEqual([]);
    expect(selectTags(tags, filters({ selectionCount: -3 }), never)).toEqual([]);
  });

  it('samples at random for any other strategy, deterministically for a given random()', () => {
    const first = () => 0;
    expect(selectTags(tags, filters({ selectionStrategy: 'random', selectionCount: 2 }), first)).toEqual([
      'd',
      'a',
    ]);
    const last = () => 0.999;
    expect(selectTags(tags, filters({ selectionStrategy: 'random', selectionCount: 2 }), last)).toEqual([
      'd',
      'b2',
    ]);
    expect(selectTags(tags, filters({ selectionStrategy: 'whatever', selectionCount: 1 }), last)).toEqual([
      'b2',
    ]);
  });

  it('draws a unique sample of the requested size from the filtered list', () => {
    const list = fc.uniqueArray(
      fc.record({ hashtag: fc.string(), count: fc.integer({ min: -2, max: 1e6 }) }),
      {
        selector: (tag) => tag.hashtag,
      },
    );
    const strategy = fc.constantFrom('lowestPostCount', 'highestPostCount', 'random', 'other');
    fc.assert(
      fc.property(
        list,
        strategy,
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0, max: 0.9999 }),
        (list, s, n, r) => {
          const picked = selectTags(list, filters({ selectionStrategy: s, selectionCount: n }), () => r);
          expect(picked.length).toBe(Math.min(n, list.length));
          expect(new Set(picked).size).toBe(picked.length);
          const order = list.map((tag) => tag.hashtag).filter((name) => picked.includes(name));
          expect(picked).toEqual(order);
        },
      ),
    );
  });
});
