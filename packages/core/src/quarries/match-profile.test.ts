import { describe, expect, it } from 'vitest';
import { matchesProfileFilters, type ProfileFacts } from './match-profile.js';

const ana: ProfileFacts = {
  username: 'ana.bakes',
  full_name: 'Ana Souza',
  biography: 'Pastry chef in Lisboa. Pastéis every morning',
  followers: 12_000,
  business_category_name: 'Bakery',
};
const open = {
  categories: [],
  follower_range: [0, 1e10] as const,
  keywords: [],
  negative_keywords: [],
};

describe('matchesProfileFilters', () => {
  it('passes with open filters', () => {
    expect(matchesProfileFilters(ana, open)).toBe(true);
  });

  it('keeps followers within the range, both ends included', () => {
    expect(matchesProfileFilters(ana, { ...open, follower_range: [12_000, 12_000] })).toBe(true);
    expect(matchesProfileFilters(ana, { ...open, follower_range: [500, 11_999] })).toBe(false);
    expect(matchesProfileFilters(ana, { ...open, follower_range: [12_001, 50_000] })).toBe(false);
  });

  it('matches categories by folded equality and drops profiles without one', () => {
    expect(matchesProfileFilters(ana, { ...open, categories: ['Restaurant', 'bakery'] })).toBe(true);
    expect(matchesProfileFilters(ana, { ...open, categories: ['Bake'] })).toBe(false);
    const noCategory = { ...ana, business_category_name: null };
    expect(matchesProfileFilters(noCategory, { ...open, categories: ['Bakery'] })).toBe(false);
    expect(matchesProfileFilters(noCategory, open)).toBe(true);
  });

  it('finds keywords in the username, the full name or the biography', () => {
    expect(matchesProfileFilters(ana, { ...open, keywords: ['bakes'] })).toBe(true);
    expect(matchesProfileFilters(ana, { ...open, keywords: ['souza'] })).toBe(true);
    expect(matchesProfileFilters(ana, { ...open, keywords: ['PASTEIS'] })).toBe(true);
    expect(matchesProfileFilters(ana, { ...open, keywords: ['pastry chef'] })).toBe(true);
    expect(matchesProfileFilters(ana, { ...open, keywords: ['surf', 'yoga'] })).toBe(false);
  });

  it('never matches a keyword across two fields', () => {
    expect(matchesProfileFilters(ana, { ...open, keywords: ['bakes ana'] })).toBe(false);
  });

  it('drops a profile when a negative keyword appears in any field', () => {
    expect(matchesProfileFilters(ana, { ...open, negative_keywords: ['morning'] })).toBe(false);
    expect(matchesProfileFilters(ana, { ...open, negative_keywords: ['ana.'] })).toBe(false);
    expect(matchesProfileFilters(ana, { ...open, keywords: ['chef'], negative_keywords: ['vegan'] })).toBe(
      true,
    );
  });
});
