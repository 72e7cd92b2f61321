import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NETWORKS, Network } from '../networks/index.js';
import { ANY_NETWORK, normalizeHashtag } from './normalize-hashtag.js';

const SCOTLAND = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
const RULES = [undefined, ANY_NETWORK, ...NETWORKS] as const;

// Built once: fast-check's grapheme strings take seconds to set up on a busy machine.
const piece = fc.oneof(
  fc.constantFrom(
    '#',
    '\u200D',
    '\u200B',
    '\u202E',
    'İ',
    'ı',
    'ß',
    'Σ',
    'ǅ',
    'é',
    'e\u0301',
    'Ł',
    '🍕',
    '\uFE0F',
    '\u20E3',
    'ﬁ',
    '㎏',
    'Ⅻ',
    'Ⓜ',
    '™',
    '\u{E0061}',
    '\u{E007F}',
    '🏴',
    '-',
    '.',
    '’',
    '_',
    '·',
    '!',
    ' ',
  ),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
const tagText = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));

describe('normalizeHashtag', () => {
  it.each([
    ['Travel', 'travel'],
    ['#Travel', 'travel'],
    ['ｔｒａｖｅｌ', 'travel'],
    ['＃Travel', 'travel'],
    ['trav\u200Bel', 'travel'],
    ['\uFEFFtravel\u2060', 'travel'],
    ['\u202Etravel\u202C', 'travel'],
    ['\u200Etravel\u2066\u2069', 'travel'],
    ['tra\u200Cvel', 'travel'],
    ['caf\u00e9', 'café'],
    ['cafe\u0301', 'café'],
    ['日本', '日本'],
    ['Москва', 'москва'],
    ['a_b_1', 'a_b_1'],
    ['2024', '2024'],
    ['Pizza🍕', 'pizza🍕'],
    ['❤️love', '❤️love'],
    ['🇧🇷', '🇧🇷'],
    ['1️⃣', '1️⃣'],
    ['👍🏽', '👍🏽'],
    ['Foo·Bar', 'foo·bar'],
    ['日本・旅行', '日本・旅行'],
    ['ｶﾀ･ｶﾅ', 'カタ・カナ'],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeHashtag(raw)).toBe(expected);
  });

  it('keeps the joiner inside an emoji sequence and strips it elsewhere', () => {
    expect(normalizeHashtag('👨\u200D👩\u200D👧')).toBe('👨\u200D👩\u200D👧');
    expect(normalizeHashtag('fam\u200Dily')).toBe('family');
    expect(normalizeHashtag('a\u200D🍕')).toBe('a🍕');
    expect(normalizeHashtag('🍕\u200Da')).toBe('🍕a');
    expect(normalizeHashtag('\u200D🍕\u200D')).toBe('🍕');
  });

  it.each([
    '',
    '#',
    '##tag',
    'two words',
    'tag-name',
    'tag.',
    "it's",
    '\u200B',
    '#️⃣',
    'a'.repeat(101),
    '·a',
    'b・',
    '·',
  ])('rejects %j', (raw) => {
    expect(normalizeHashtag(raw)).toBeNull();
  });

  it('accepts exactly 100 code points, counting astral characters once', () => {
    expect(normalizeHashtag('a'.repeat(100))).toBe('a'.repeat(100));
    expect(normalizeHashtag('🍕'.repeat(100))).toBe('🍕'.repeat(100));
    expect(normalizeHashtag('🍕'.repeat(101))).toBeNull();
  });

  it('gives plain ASCII names the same answer as any other (one "#" stripped, lower-cased, 1 to 100 characters)', () => {
    expect(normalizeHashtag('#Sun_Set2')).toBe('sun_set2');
    expect(normalizeHashtag('##sunset')).toBeNull();
    expect(normalizeHashtag('#')).toBeNull();
    expect(normalizeHashtag('#'.concat('A'.repeat(100)))).toBe('a'.repeat(100));
    expect(normalizeHashtag('A'.repeat(101))).toBeNull();
    expect(normalizeHashtag('_')).toBe('_');
    expect(normalizeHashtag('sun set')).toBeNull();
    expect(normalizeHashtag('sunset\n')).toBeNull();
  });

  it.each(RULES)('is idempotent (rules of %s)', (network) => {
    fc.assert(
      fc.property(tagText, (raw) => {
        const once = normalizeHashtag(raw, network);
        if (once !== null) expect(normalizeHashtag(once, network)).toBe(once);
      }),
      { numRuns: 600 },
    );
  });
});

describe('normalizeHashtag: look-alikes (issue 31)', () => {
  it.each(RULES)(
    'removes default-ignorable code points, TAG characters among them (rules of %s)',
    (network) => {
      for (const raw of [
        'trav\u{E0061}el',
        'travel\u{E0001}',
        '\u{E0020}travel\u{E007F}',
        'trav\u00ADel',
        'trav\u034Fel',
        'trav\u061Cel',
        'trav\u180Eel',
        'trav\u2064el',
        'trav\u3164el',
        'trav\uFE00el',
        'travel\uFE0F',
        'travel\uFE0E',
        'trav\u{1BCA0}el',
        'trav\u{E0100}el',
      ]) {
        expect(normalizeHashtag(raw, network), JSON.stringify(raw)).toBe('travel');
      }
    },
  );

  it.each(RULES)(
    'keeps emoji whole: selectors, keycaps, flags with TAG characters (rules of %s)',
    (network) => {
      expect(normalizeHashtag('❤️', network)).toBe('❤️');
      expect(normalizeHashtag('1️⃣', network)).toBe('1️⃣');
      expect(normalizeHashtag(SCOTLAND, network)).toBe(SCOTLAND);
      expect(normalizeHashtag(`Scotland${SCOTLAND}`, network)).toBe(`scotland${SCOTLAND}`);
      expect(normalizeHashtag('👨\u200D👩\u200D👧', network)).toBe('👨\u200D👩\u200D👧');
    },
  );

  it.each(RULES)('leaves symbol emoji out of NFKC and lower-casing: Ⓜ️ stays Ⓜ️ (rules of %s)', (network) => {
    expect(normalizeHashtag('Ⓜ️', network)).toBe('Ⓜ️');
    expect(normalizeHashtag('#Ⓜ️', network)).toBe('Ⓜ️');
    expect(normalizeHashtag('Ⓜ️Metro', network)).toBe('Ⓜ️metro');
    expect(normalizeHashtag('ℹ️info', network)).toBe('ℹ️info');
    expect(normalizeHashtag('㊗️', network)).toBe('㊗️');
    // NFKC still applies around the emoji.
    expect(normalizeHashtag('ｔｏｋｙｏ㊗️', network)).toBe('tokyo㊗️');
  });

  it.each(RULES)('folds İ as a user expects: İstanbul is istanbul (rules of %s)', (network) => {
    expect(normalizeHashtag('İstanbul', network)).toBe('istanbul');
    expect(normalizeHashtag('I\u0307stanbul', network)).toBe('istanbul');
    expect(normalizeHashtag('i\u0307stanbul', network)).toBe('istanbul');
    // Without a Turkish locale 'I' is 'i', as users of every language expect in a tag.
    expect(normalizeHashtag('DİYARBAKIR', network)).toBe('diyarbakir');
  });

  it('keeps the dotless ı except on Mastodon, which folds it to i', () => {
    expect(normalizeHashtag('ılık')).toBe('ılık');
    expect(normalizeHashtag('ılık', Network.bluesky)).toBe('ılık');
    expect(normalizeHashtag('ılık', Network.mastodon)).toBe('ilik');
  });
});

describe('normalizeHashtag on Bluesky: tags as its composer makes them', () => {
  it.each([
    ['covid-19', 'covid-19'],
    ['K-Pop', 'k-pop'],
    ['#self-care', 'self-care'],
    ['web3.0', 'web3.0'],
    ['Mother’sDay', 'mother’sday'],
    ['c++', 'c++'],
    ['travel.', 'travel'],
    ['travel!', 'travel'],
    ['travel...', 'travel'],
    ['travel?!', 'travel'],
    ['covid-19.', 'covid-19'],
    ['foo_', 'foo'],
    ['_foo', '_foo'],
    ['Travel', 'travel'],
    ['ｔｒａｖｅｌ', 'travel'],
    ['Pizza🍕', 'pizza🍕'],
    ['Foo·Bar', 'foo·bar'],
    ['1️⃣', '1️⃣'],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeHashtag(raw, Network.bluesky)).toBe(expected);
  });

  it.each(['', '#', '2024', '19.99', '...', '-', '_', 'two words', 'tab\tbed', '##tag', '\u200B', '#️⃣'])(
    'rejects %j',
    (raw) => {
      expect(normalizeHashtag(raw, Network.bluesky)).toBeNull();
    },
  );

  it('takes at most 64 graphemes, as Bluesky does', () => {
    expect(normalizeHashtag('a'.repeat(64), Network.bluesky)).toBe('a'.repeat(64));
    expect(normalizeHashtag('a'.repeat(65), Network.bluesky)).toBeNull();
    expect(normalizeHashtag(`${'a'.repeat(64)}!!!`, Network.bluesky)).toBe('a'.repeat(64));
    expect(normalizeHashtag('é'.repeat(64), Network.bluesky)).toBe('é'.repeat(64));
  });

  it('keeps what Instagram rules would reject, and the other networks do not change', () => {
    expect(normalizeHashtag('k-pop')).toBeNull();
    expect(normalizeHashtag('k-pop', Network.instagram)).toBeNull();
    expect(normalizeHashtag('travel.', Network.sample)).toBeNull();
    expect(normalizeHashtag('foo_', Network.instagram)).toBe('foo_');
  });
});

describe('normalizeHashtag on Mastodon: accents folded as Mastodon folds them', () => {
  it.each([
    ['café', 'cafe'],
    ['Café', 'cafe'],
    ['cafe\u0301', 'cafe'],
    ['CAFÉ', 'cafe'],
    ['Łódź', 'lodz'],
    ['Ærøskøbing', 'æroskobing'],
    ['straße', 'straße'],
    ['Ħamrun', 'hamrun'],
    ['Señor_Año', 'senor_ano'],
    ['Foo·Bar', 'foo·bar'],
    ['日本', '日本'],
    ['москва', 'москва'],
    ['ǎ', 'ǎ'],
  ])('%j -> %j', (raw, expected) => {
    expect(normalizeHashtag(raw, Network.mastodon)).toBe(expected);
  });

  it('leaves accents on every other network', () => {
    expect(normalizeHashtag('café')).toBe('café');
    expect(normalizeHashtag('café', Network.instagram)).toBe('café');
    expect(normalizeHashtag('café', Network.bluesky)).toBe('café');
  });
});

describe('normalizeHashtag for lists of any network', () => {
  it('takes Instagram’s form when it has one, else Bluesky’s', () => {
    expect(normalizeHashtag('Travel', ANY_NETWORK)).toBe('travel');
    expect(normalizeHashtag('foo_', ANY_NETWORK)).toBe('foo_');
    expect(normalizeHashtag('K-Pop', ANY_NETWORK)).toBe('k-pop');
    expect(normalizeHashtag('travel.', ANY_NETWORK)).toBe('travel');
    expect(normalizeHashtag('café', ANY_NETWORK)).toBe('café');
    expect(normalizeHashtag('two words', ANY_NETWORK)).toBeNull();
    expect(normalizeHashtag('a'.repeat(100), ANY_NETWORK)).toBe('a'.repeat(100));
  });
});
