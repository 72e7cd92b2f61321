import { describe, expect, it } from 'vitest';
import { computeRelevance, knownCount, minSubcountOf } from './relevance.js';

describe('computeRelevance', () => {
  it('subtracts k = 2 for a hashtag, 1 for a place, 0 for a profile', () => {
    expect(computeRelevance('hashtag', 5, 0)).toBe((1e7 * 3) / 100_000);
    expect(computeRelevance('place', 5, 0)).toBe((1e7 * 4) / 100_000);
    expect(computeRelevance('profile', 5, 0)).toBe((1e7 * 5) / 100_000);
  });

  it('divides by the tag count plus 100000', () => {
    expect(computeRelevance('hashtag', 12, 900_000)).toBe(100);
  });

  it('reads unknown counts as 0', () => {
    const atZero = computeRelevance('hashtag', 4, 0);
    expect(computeRelevance('hashtag', 4, undefined)).toBe(atZero);
    expect(computeRelevance('hashtag', 4, -1)).toBe(atZero);
    expect(computeRelevance('hashtag', 4, -2)).toBe(atZero);
    expect(computeRelevance('hashtag', 4, Number.NaN)).toBe(atZero);
  });
});

describe('minSubcountOf and knownCount', () => {
  it('needs 2 posts for a hashtag or place and 1 for a profile', () => {
    expect(minSubcountOf('hashtag')).toBe(2);
    expect(minSubcountOf('place')).toBe(2);
    expect(minSubcountOf('profile')).toBe(1);
  });

  it('keeps positive counts and zeroes the rest', () => {
    expect(knownCount(42)).toBe(42);
    expect(knownCount(-1)).toBe(0);
    expect(knownCount(undefined)).toBe(0);
    expect(knownCount(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
