import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasEmoji } from './has-emoji.js';
import { removeEmoji } from './remove-emoji.js';

const emojiSamples = ['🍕', '❤️', '👍🏽', '👨‍👩‍👧', '🇧🇷', '1️⃣', '#️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '©'];

describe('hasEmoji', () => {
  it.each(emojiSamples)('finds %s', (emoji) => {
    expect(hasEmoji(`tag${emoji}`)).toBe(true);
  });

  it.each(['', 'pizza', '123', '#', '#1', '*', 'café', '日本', 'москва', 'क्‍ष', 'a\uFE0F'])(
    'finds none in %j',
    (text) => {
      expect(hasEmoji(text)).toBe(false);
    },
  );
});

describe('removeEmoji', () => {
  it.each([
    ['pizza🍕', 'pizza'],
    ['i❤️ny', 'iny'],
    ['👍🏽ok', 'ok'],
    ['fam👨‍👩‍👧ily', 'family'],
    ['🇧🇷brasil🇧🇷', 'brasil'],
    ['room1️⃣2', 'room2'],
    ['#️⃣tag', 'tag'],
    ['🏴󠁧󠁢󠁳󠁣󠁴󠁿scotland', 'scotland'],
    ['a\u200D🍕', 'a'],
    ['🍕', ''],
  ])('%s -> %s', (text, expected) => {
    expect(removeEmoji(text)).toBe(expected);
  });

  it('leaves text without emoji alone, including digits, # and script joiners', () => {
    for (const text of ['hello world', '#1 * 2', 'café', 'क्‍ष', '日本']) {
      expect(removeEmoji(text)).toBe(text);
    }
  });

  it('leaves no emoji and is idempotent', () => {
    const piece = fc.oneof(
      fc.constantFrom(...emojiSamples, '\u200D', '\uFE0F', '\u20E3', '#', '1'),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.array(piece).map((parts) => parts.join('')),
        (text) => {
          const once = removeEmoji(text);
          expect(hasEmoji(once)).toBe(false);
          expect(removeEmoji(once)).toBe(once);
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const once = removeEmoji(text);
        expect(hasEmoji(once)).toBe(false);
        expect(removeEmoji(once)).toBe(once);
      }),
    );
  });
});
