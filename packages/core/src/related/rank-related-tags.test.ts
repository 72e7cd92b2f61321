import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankRelatedTags } from './rank-related-tags.js';
import { DEFAULT_RELATED_RANKING, RelatedRanking } from './related-ranking.js';
import type { ItemKind } from './related-tag.js';

const noCounts = () => undefined;
const spec = RelatedRanking.spec;
const names = (tags: { hashtag: string }[]) => tags.map((tag) => tag.hashtag);

describe('rankRelatedTags', () => {
  it.each([
    ['hashtag', 2],
    ['place', 2],
    ['profile', 1],
  ] as const)('for a %s keeps subcount %i and drops one below', (kind, min) => {
    const subcounts = new Map([
      ['at', min],
      ['below', min - 1],
    ]);
    expect(names(rankRelatedTags({ kind, subcounts, countOf: noCounts }))).toEqual(['at']);
  });

  it.each([
    ['hashtag', 2],
    ['place', 1],
    ['profile', 0],
  ] as const)('for a %s uses k = %i in the relevance', (kind, k) => {
    const [tag] = rankRelatedTags({ kind, subcounts: new Map([['t', 7]]), countOf: () => 400_000 });
    expect(tag).toEqual({ hashtag: 't', subcount: 7, authors: 7, relevance: (1e7 * (7 - k)) / 500_000 });
  });

  it('orders by the most co-occurrences when no ranking is asked for (decision 015)', () => {
    const counts: Record<string, number> = { niche: 1_000, generic: 500_000_000 };
    const subcounts = new Map([
      ['niche', 3],
      ['generic', 60],
    ]);
    const ranked = rankRelatedTags({ kind: 'hashtag', subcounts, countOf: (tag) => counts[tag] });
    expect(DEFAULT_RELATED_RANKING).toBe(RelatedRanking.subcount);
    expect(names(ranked)).toEqual(['generic', 'niche']);
  });

  it('sorts by relevance (spec), then subcount, then name', () => {
    const counts: Record<string, number> = { rare: 0, big: 1_900_000, huge: 3_900_000, b: 0, a: 0 };
    // rare: 1e7*1/1e5 = 100; big: 1e7*38/2e6 = 190; huge: 1e7*78/4e6 = 195; a, b: 1e7*0/1e5 = 0
    const subcounts = new Map([
      ['rare', 3],
      ['big', 40],
      ['huge', 80],
      ['b', 2],
      ['a', 2],
    ]);
    const ranked = rankRelatedTags({
      kind: 'hashtag',
      subcounts,
      countOf: (tag) => counts[tag],
      ranking: spec,
    });
    expect(names(ranked)).toEqual(['huge', 'big', 'rare', 'a', 'b']);
  });

  it('breaks equal relevance by subcount before name', () => {
    // zzz: 1e7*2/2e5 = 100, aaa: 1e7*1/1e5 = 100
    const counts: Record<string, number> = { zzz: 100_000, aaa: 0 };
    const subcounts = new Map([
      ['aaa', 3],
      ['zzz', 4],
    ]);
    const ranked = rankRelatedTags({
      kind: 'hashtag',
      subcounts,
      countOf: (tag) => counts[tag],
      ranking: spec,
    });
    expect(ranked.map((tag) => tag.relevance)).toEqual([100, 100]);
    expect(names(ranked)).toEqual(['zzz', 'aaa']);
  });

  it('treats unknown and negative counts as 0', () => {
    const counts: Record<string, number> = { neg: -1, zero: 0 };
    const subcounts = new Map([
      ['neg', 5],
      ['zero', 5],
      ['missing', 5],
    ]);
    const ranked = rankRelatedTags({ kind: 'profile', subcounts, countOf: (tag) => counts[tag] });
    expect(new Set(ranked.map((tag) => tag.relevance))).toEqual(new Set([500]));
    expect(names(ranked)).toEqual(['missing', 'neg', 'zero']);
  });

  it('keeps at most 40, the most relevant', () => {
    const subcounts = new Map(
      Array.from({ length: 45 }, (_, i) => [`t${String(i).padStart(2, '0')}`, i + 2]),
    );
    const ranked = rankRelatedTags({ kind: 'hashtag', subcounts, countOf: () => 0 });
    expect(ranked).toHaveLength(40);
    expect(ranked[0]?.hashtag).toBe('t44');
    expect(ranked[39]?.hashtag).toBe('t05');
  });

  it('honours a smaller limit and never exceeds 40', () => {
    const subcounts = new Map(Array.from({ length: 45 }, (_, i) => [`t${i}`, 3]));
    expect(rankRelatedTags({ kind: 'hashtag', subcounts, countOf: noCounts, limit: 10 })).toHaveLength(10);
    expect(rankRelatedTags({ kind: 'hashtag', subcounts, countOf: noCounts, limit: 100 })).toHaveLength(40);
    expect(rankRelatedTags({ kind: 'hashtag', subcounts, countOf: noCounts, limit: 0 })).toEqual([]);
    expect(rankRelatedTags({ kind: 'hashtag', subcounts, countOf: noCounts, limit: -5 })).toEqual([]);
  });

  describe('rankings', () => {
    const counts: Record<string, number> = { niche: 1_000, mid: 1_000_000, generic: 500_000_000 };
    const subcounts = new Map([
      ['niche', 3],
      ['mid', 30],
      ['generic', 60],
    ]);
    const rank = (ranking: RelatedRanking) =>
      rankRelatedTags({ kind: 'hashtag', subcounts, countOf: (tag) => counts[tag], ranking });

    it.each([
      [RelatedRanking.spec, ['mid', 'niche', 'generic']],
      [RelatedRanking.subcount, ['generic', 'mid', 'niche']],
      [RelatedRanking.popularity, ['generic', 'mid', 'niche']],
      [RelatedRanking.dampedLift, ['mid', 'niche', 'generic']],
      [RelatedRanking.idfWeighted, ['mid', 'generic', 'niche']],
    ])('%s orders %j', (ranking, expected) => {
      expect(names(rank(ranking))).toEqual(expected);
    });

    it('changes only the order, never the relevance', () => {
      const byName = (ranking: RelatedRanking) =>
        Object.fromEntries(rank(ranking).map((tag) => [tag.hashtag, tag.relevance]));
      for (const ranking of Object.values(RelatedRanking)) {
        expect(byName(ranking)).toEqual(byName(RelatedRanking.spec));
      }
    });

    it('breaks popularity ties by subcount, then name', () => {
      const tied = new Map([
        ['b', 3],
        ['a', 3],
        ['c', 9],
      ]);
      const ranked = rankRelatedTags({
        kind: 'hashtag',
        subcounts: tied,
        countOf: () => 10,
        ranking: 'popularity',
      });
      expect(names(ranked)).toEqual(['c', 'a', 'b']);
    });
  });

  it('always returns a list sorted by relevance (spec), bounded, of tags at or above the minimum', () => {
    const kind = fc.constantFrom<ItemKind>('hashtag', 'place', 'profile');
    const entries = fc.array(fc.tuple(fc.string({ maxLength: 4 }), fc.integer({ min: 0, max: 60 })), {
      maxLength: 80,
    });
    const counts = fc.dictionary(fc.string({ maxLength: 4 }), fc.integer({ min: -2, max: 2e9 }));
    fc.assert(
      fc.property(kind, entries, counts, (kind, entries, counts) => {
        const subcounts = new Map(entries);
        const ranked = rankRelatedTags({ kind, subcounts, countOf: (tag) => counts[tag], ranking: spec });
        const min = kind === 'profile' ? 1 : 2;
        expect(ranked.length).toBeLessThanOrEqual(40);
        for (const tag of ranked) expect(tag.subcount).toBeGreaterThanOrEqual(min);
        for (let i = 1; i < ranked.length; i++) {
          const [prev, next] = [ranked[i - 1]!, ranked[i]!];
          expect(
            prev.relevance > next.relevance ||
              (prev.relevance === next.relevance && prev.subcount > next.subcount) ||
              (prev.relevance === next.relevance &&
                prev.subcount === next.subcount &&
                prev.hashtag < next.hashtag),
          ).toBe(true);
        }
        const eligible = [...subcounts.values()].filter((subcount) => subcount >= min).length;
        expect(ranked.length).toBe(Math.min(40, eligible));
      }),
    );
  });
});
