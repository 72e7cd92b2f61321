import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ladderQuotas, pickLadder } from './pick-ladder.js';

const tag = (hashtag: string, count: number, trend?: number) => ({
  hashtag,
  count,
  ...(trend ? { trend } : {}),
});

describe('pickLadder', () => {
  // Counts from broad to niche, shuffled in the list.
  const list = [
    tag('mid1', 50_000),
    tag('broad1', 9_000_000),
    tag('niche1', 900),
    tag('broad2', 5_000_000),
    tag('mid2', 40_000),
    tag('niche2', 800),
    tag('broad3', 3_000_000),
    tag('mid3', 30_000),
    tag('niche3', 700),
  ];

  it('for 5 takes one broad, two mid, two niche, in list order', () => {
    expect(pickLadder(list, 5)).toEqual(['mid1', 'broad1', 'niche1', 'mid2', 'niche2']);
  });

  it('prefers rising tags within a tier', () => {
    const rising = list.map((t) => (t.hashtag === 'broad3' || t.hashtag === 'mid3' ? { ...t, trend: 3 } : t));
    expect(pickLadder(rising, 5)).toEqual(['mid1', 'niche1', 'niche2', 'broad3', 'mid3']);
  });

  it('gives a single place to a mid tag', () => {
    expect(pickLadder(list, 1)).toEqual(['mid1']);
  });

  it('fills from other tiers and unknown counts when a tier is short', () => {
    expect(pickLadder([tag('a', -1), tag('b', 10), tag('c', 20)], 3)).toEqual(['a', 'b', 'c']);
  });

  it('splits quotas about one broad in five', () => {
    expect(ladderQuotas(5)).toEqual({ broad: 1, mid: 2, niche: 2 });
    expect(ladderQuotas(15)).toEqual({ broad: 3, mid: 6, niche: 6 });
  });

  it('always returns min(n, size) distinct names of the list, in list order', () => {
    const lists = fc.uniqueArray(
      fc.record({
        hashtag: fc.string({ minLength: 1, maxLength: 6 }),
        count: fc.integer({ min: -1, max: 1e9 }),
      }),
      {
        selector: (t) => t.hashtag,
        maxLength: 40,
      },
    );
    fc.assert(
      fc.property(lists, fc.integer({ min: 0, max: 50 }), (tags, n) => {
        const picked = pickLadder(tags, n);
        expect(picked).toHaveLength(Math.min(n, tags.length));
        const order = tags.map((t) => t.hashtag);
        const positions = picked.map((name) => order.indexOf(name));
        expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
      }),
    );
  });
});
