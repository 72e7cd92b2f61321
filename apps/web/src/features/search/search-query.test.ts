import { describe, expect, it } from 'vitest';
import { SearchKind } from './search-api';
import { searchQueryOf } from './search-query';

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
  ] as const)('tags: %j on %s -> %j', (text, network, expected) => {
    expect(searchQueryOf(SearchKind.tags, text, network)).toBe(expected);
  });

  it('reads places and profiles as text', () => {
    expect(searchQueryOf(SearchKind.places, '  New York ', 'bluesky')).toBe('new york');
    expect(searchQueryOf(SearchKind.profiles, '#NatGeo', 'mastodon')).toBe('natgeo');
  });
});
