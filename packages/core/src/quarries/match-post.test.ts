import { describe, expect, it } from 'vitest';
import { matchesPostFilters, postAgeCutoff } from './match-post.js';

const none = { keywords: [], negative_keywords: [] };

describe('matchesPostFilters', () => {
  it('passes any post when no keyword is set', () => {
    expect(matchesPostFilters(['lisbon', 'sunset'], none)).toBe(true);
    expect(matchesPostFilters([], none)).toBe(true);
  });

  it('includes a post when one keyword is contained in one of its tags', () => {
    const filters = { keywords: ['coffee', 'brunch'], negative_keywords: [] };
    expect(matchesPostFilters(['lisbon', 'coffeelover'], filters)).toBe(true);
    expect(matchesPostFilters(['sundaybrunch'], filters)).toBe(true);
    expect(matchesPostFilters(['lisbon', 'tea'], filters)).toBe(false);
  });

  it('compares folded: case, accents, a leading # and spaces in the keyword do not matter', () => {
    expect(matchesPostFilters(['cafédelisboa'], { keywords: ['#CAFE'], negative_keywords: [] })).toBe(true);
    expect(matchesPostFilters(['bestcoffeeshop'], { keywords: ['Coffee Shop'], negative_keywords: [] })).toBe(
      true,
    );
  });

  it('excludes a post when a negative keyword is in any of its tags, even if a keyword matches', () => {
    const filters = { keywords: ['coffee'], negative_keywords: ['ad'] };
    expect(matchesPostFilters(['coffee', 'lisbon'], filters)).toBe(true);
    expect(matchesPostFilters(['coffee', 'sponsoredad'], filters)).toBe(false);
    expect(matchesPostFilters(['ad'], { keywords: [], negative_keywords: ['ad'] })).toBe(false);
  });

  it('ignores keywords that are empty once cleaned', () => {
    expect(matchesPostFilters(['lisbon'], { keywords: [], negative_keywords: ['#', ' '] })).toBe(true);
    expect(matchesPostFilters(['lisbon'], { keywords: ['#'], negative_keywords: [] })).toBe(false);
  });
});

describe('postAgeCutoff', () => {
  it('is max_age days before now, in epoch seconds', () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    expect(postAgeCutoff(now, 7)).toBe(Date.UTC(2026, 10, 14, 12, 0, 0) / 1000);
    expect(postAgeCutoff(now + 999, 1)).toBe(now / 1000 - 86_400);
  });
});
