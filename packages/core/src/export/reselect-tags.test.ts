import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ExportFilters, SelectionStrategy } from './export-filters.js';
import { reselectTags } from './reselect-tags.js';

const tags = [
  { hashtag: 'travel', count: 900_000 },
  { hashtag: 'a', count: 100 },
  { hashtag: 'b', count: 200 },
  { hashtag: 'c', count: 300 },
  { hashtag: 'd', count: 400 },
];
const filters = (overrides: Partial<ExportFilters>): ExportFilters => ({
  postCount: [null, null],
  selectionStrategy: SelectionStrategy.lowestPostCount,
  selectionCount: 3,
  ...overrides,
});
const never = () => {
  throw new Error('random() must not be called');
};

describe('reselectTags', () => {
  it('is selectTags when nothing was ticked by hand', () => {
    expect(reselectTags({ tags, filters: filters({}), kept: [], random: never })).toEqual(['a', 'b', 'c']);
  });

  it('keeps the tags ticked by hand, counted in the number, whatever the filters say', () => {
    const options = { tags, kept: ['travel'], random: never };
    expect(reselectTags({ ...options, filters: filters({}) })).toEqual(['travel', 'a', 'b']);
    expect(reselectTags({ ...options, filters: filters({ postCount: [null, 250] }) })).toEqual([
      'travel',
      'a',
      'b',
    ]);
    expect(reselectTags({ ...options, filters: filters({ selectionCount: 0 }) })).toEqual(['travel']);
  });

  it('ignores hand ticks of tags no longer in the list', () => {
    expect(reselectTags({ tags, filters: filters({}), kept: ['gone'], random: never })).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('keeps a random sample where it can, drawing only for the places left', () => {
    const random = filters({ selectionStrategy: SelectionStrategy.random, selectionCount: 3 });
    const first = () => 0;
    expect(reselectTags({ tags, filters: random, kept: [], previous: ['b', 'd'], random: first })).toEqual([
      'travel',
      'b',
      'd',
    ]);
    expect(
      reselectTags({ tags, filters: random, kept: [], previous: ['a', 'b', 'c', 'd'], random: first }),
    ).toEqual(['a', 'b', 'c']);
    // No earlier selection: a new draw.
    expect(reselectTags({ tags, filters: random, kept: [], random: () => 0.999 })).toEqual([
      'travel',
      'a',
      'd',
    ]);
  });

  it('never unticks a hand tick, never picks more than asked beyond them, and keeps list order', () => {
    const tag = fc.record({
      hashtag: fc.string({ minLength: 1, maxLength: 3 }),
      count: fc.integer({ min: -1 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(tag, { selector: (t) => t.hashtag, maxLength: 20 }),
        fc.integer({ min: 0, max: 25 }),
        fc.constantFrom(...Object.values(SelectionStrategy)),
        fc.array(fc.nat(19), { maxLength: 8 }),
        fc.option(fc.array(fc.nat(19), { maxLength: 20 }), { nil: undefined }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (list, count, strategy, keptAt, previousAt, r) => {
          const names = list.map((t) => t.hashtag);
          const kept = [...new Set(keptAt.map((i) => names[i]).filter((n) => n !== undefined))];
          const previous = previousAt?.map((i) => names[i]).filter((n) => n !== undefined);
          const picked = reselectTags({
            tags: list,
            filters: filters({ selectionStrategy: strategy, selectionCount: count }),
            kept,
            previous,
            random: () => r,
          });
          for (const name of kept) expect(picked).toContain(name);
          expect(picked.length).toBeLessThanOrEqual(Math.max(count, kept.length));
          expect(picked).toEqual(names.filter((n) => picked.includes(n)));
        },
      ),
    );
  });
});
