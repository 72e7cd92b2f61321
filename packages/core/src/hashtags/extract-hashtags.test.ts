import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractHashtags } from './extract-hashtags.js';

describe('extractHashtags', () => {
  it('lower-cases, de-duplicates and keeps first-seen order', () => {
    expect(extractHashtags('Sunset at the #Beach with #friends #beach #SUNSET')).toEqual([
      'beach',
      'friends',
      'sunset',
    ]);
  });

  it('keeps accents and non-Latin scripts', () => {
    expect(extractHashtags('#café #日本 #москва #한국 #العربية #ÉTÉ')).toEqual([
      'café',
      '日本',
      'москва',
      '한국',
      'العربية',
      'été',
    ]);
  });

  it('treats composed and decomposed accents as one tag (NFC)', () => {
    expect(extractHashtags('#caf\u00e9 #cafe\u0301')).toEqual(['café']);
  });

  it('keeps emoji tags whole', () => {
    expect(extractHashtags('#🍕 #pizza🍕 #pizza #❤️love #👨‍👩‍👧 #🇧🇷 #Travel🌴')).toEqual([
      '🍕',
      'pizza🍕',
      'pizza',
      '❤️love',
      '👨‍👩‍👧',
      '🇧🇷',
      'travel🌴',
    ]);
  });

  it('orders emoji tags among plain ones by position', () => {
    expect(extractHashtags('#b #🍕 #a')).toEqual(['b', '🍕', 'a']);
  });

  it('ignores # inside words, URLs and numbers-only tags, and stops at punctuation', () => {
    expect(extractHashtags('x#y a#🍕 https://example.com/#🍕 #123 #tag. #one,#two')).toEqual([
      'tag',
      'one',
      'two',
    ]);
  });

  it('returns nothing for a caption without tags', () => {
    expect(extractHashtags('')).toEqual([]);
    expect(extractHashtags('just words 🍕')).toEqual([]);
  });

  it('yields lower-case, unique, non-empty tags for any caption', () => {
    const word = fc.oneof(
      fc.constantFrom('#Tag', '#tag', '#🍕', '#Café', '#日本', ' ', '#', '🍕', '#a_B1'),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    );
    fc.assert(
      fc.property(
        fc.array(word).map((parts) => parts.join('')),
        (caption) => {
          const tags = extractHashtags(caption);
          expect(new Set(tags).size).toBe(tags.length);
          for (const tag of tags) {
            expect(tag).toBe(tag.toLowerCase());
            expect(tag.length).toBeGreaterThan(0);
            expect(tag.includes('#')).toBe(false);
          }
        },
      ),
    );
  });
});
