import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeHashtag } from './normalize-hashtag.js';

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

  it('is idempotent', () => {
    const piece = fc.oneof(
      fc.constantFrom('#', '\u200D', '\u200B', '\u202E', 'İ', 'ß', 'Σ', 'ǅ', '🍕', '\uFE0F', 'ﬁ', '㎏', 'Ⅻ'),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 6 }).map((parts) => parts.join('')),
        (raw) => {
          const once = normalizeHashtag(raw);
          if (once !== null) expect(normalizeHashtag(once)).toBe(once);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
