import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NETWORKS, Network } from '../networks/index.js';
import { normalizeHashtag } from './normalize-hashtag.js';
import { normalizeTagQuery } from './normalize-tag-query.js';

const RULES = [undefined, ...NETWORKS] as const;

// Built once: fast-check's grapheme strings take seconds to set up on a busy machine.
const piece = fc.oneof(
  fc.constantFrom(
    '#',
    ' ',
    'İ',
    'ı',
    'é',
    'e\u0301',
    'Ⓜ️',
    '\u{E0061}',
    '\u200D',
    '🍕',
    '-',
    '.',
    '’',
    '_',
    'K',
  ),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const typed = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));

describe('normalizeTagQuery', () => {
  it.each([
    ['Travel', undefined, 'travel'],
    ['  #Travel  ', undefined, 'travel'],
    ['##Travel', undefined, 'travel'],
    ['# #travel', undefined, 'travel'],
    ['＃Café', undefined, 'café'],
    ['ｔｒａｖｅｌ', undefined, 'travel'],
    ['trav\u{E0061}el', undefined, 'travel'],
    ['İstanbul', undefined, 'istanbul'],
    ['Ⓜ️', undefined, 'Ⓜ️'],
    // A tag has no spaces: words typed with them are looked for as one tag (issue 32).
    ['new york', undefined, 'newyork'],
    ['Travel Photography', undefined, 'travelphotography'],
    ['#travel  #photography ', undefined, 'travelphotography'],
    ['travel\u3000photo', undefined, 'travelphoto'],
    ['crème brûlée', Network.mastodon, 'cremebrulee'],
    ['#', undefined, ''],
    ['', undefined, ''],
    ['K-Pop', Network.bluesky, 'k-pop'],
    // Typing goes letter by letter: a prefix keeps its punctuation, so "k-" finds k-pop.
    ['K-', Network.bluesky, 'k-'],
    ['travel.', Network.bluesky, 'travel.'],
    ['Café', Network.mastodon, 'cafe'],
    ['CAFE\u0301', Network.mastodon, 'cafe'],
    ['Café', Network.instagram, 'café'],
  ])('%j on %s -> %j', (text, network, expected) => {
    expect(normalizeTagQuery(text, network)).toBe(expected);
  });

  it.each(RULES)('finds every tag typed in full as it is stored (rules of %s)', (network) => {
    fc.assert(
      fc.property(typed, (raw) => {
        const tag = normalizeHashtag(raw, network);
        if (tag !== null) expect(normalizeTagQuery(tag, network)).toBe(tag);
        const query = normalizeTagQuery(raw, network);
        expect(normalizeTagQuery(query, network)).toBe(query);
        expect(query.startsWith('#')).toBe(false);
        expect(query).not.toMatch(/\s/u);
      }),
      { numRuns: 1000 },
    );
  });
});
