import { describe, expect, it } from 'vitest';
import { SearchKind } from './search-api';
import { isQueryTooLong, searchQueryOf } from './search-query';

// The search bar folds what is typed as the server folds it and as the network stores its tags
// (issue 31), so the results asked for, and kept, are those of the tag as stored.
describe('searchQueryOf', () => {
  it.each([
    ['K-Pop', 'bluesky', 'k-pop'],
    ['#İstanbul', 'bluesky', 'istanbul'],
    ['trav\u{E0061}el', 'instagram', 'travel'],
    ['Ⓜ️', 'bluesky', 'Ⓜ️'],
    ['Café', 'mastodon', 'cafe'],
    ['Café', 'instagram', 'café'],
    ['  #Travel ', null, 'travel'],
    ['Travel Photography', null, 'travelphotography'],
  ] as const)('tags: %j on %s -> %j', (text, network, expected) => {
    expect(searchQueryOf(SearchKind.tags, text, network)).toBe(expected);
  });

  it('reads places and profiles as text', () => {
    expect(searchQueryOf(SearchKind.places, '  New York ', 'bluesky')).toBe('new york');
    expect(searchQueryOf(SearchKind.profiles, '#NatGeo', 'mastodon')).toBe('natgeo');
  });

  it('finds a query too long when no tag is that long (emoji count as one), or the server takes no place search that long', () => {
    expect(isQueryTooLong(SearchKind.tags, 'a'.repeat(100))).toBe(false);
    expect(isQueryTooLong(SearchKind.tags, 'a'.repeat(101))).toBe(true);
    expect(isQueryTooLong(SearchKind.tags, '🍕'.repeat(100))).toBe(false);
    expect(isQueryTooLong(SearchKind.places, 'a'.repeat(101))).toBe(true);
  });
});
