import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BRANDING_LABEL,
  BRANDING_TAG,
  buildCopyText,
  type CopyOptions,
  DEFAULT_TEXT_BEFORE_HASHTAGS,
} from './build-copy-text.js';

const base: CopyOptions = {
  tags: ['a', 'b', 'c'],
  emojisEnabled: true,
  exportCommaDelimited: false,
  textBeforeHashtagsEnabled: false,
  textBeforeHashtagsText: DEFAULT_TEXT_BEFORE_HASHTAGS,
  removeBranding: true,
  canCopyUnlimited: false,
  random: () => 0,
};
const copy = (overrides: Partial<CopyOptions>) => buildCopyText({ ...base, ...overrides });
const tagsLineOf = (text: string) => text.split('\n').at(-1)!;
const countTags = (text: string) => (text === '' ? 0 : tagsLineOf(text).split(/, | /).length);
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

describe('buildCopyText', () => {
  it('formats with # and spaces, or with commas', () => {
    expect(copy({})).toBe('#a #b #c');
    expect(copy({ exportCommaDelimited: true })).toBe('a, b, c');
  });

  it('puts the text before, the label and the tags on their own lines', () => {
    expect(copy({ textBeforeHashtagsEnabled: true, removeBranding: false, random: () => 0 })).toBe(
      '.\n.\n.\n.\n.\nHashtags by Tagscout\n#tagscout #a #b #c',
    );
  });

  it('leaves out text before when switched off or blank', () => {
    expect(copy({ textBeforeHashtagsEnabled: false, textBeforeHashtagsText: 'hi' })).toBe('#a #b #c');
    expect(copy({ textBeforeHashtagsEnabled: true, textBeforeHashtagsText: '' })).toBe('#a #b #c');
    expect(copy({ textBeforeHashtagsEnabled: true, textBeforeHashtagsText: '  \n ' })).toBe('#a #b #c');
    expect(copy({ textBeforeHashtagsEnabled: true, textBeforeHashtagsText: 'Follow me' })).toBe(
      'Follow me\n#a #b #c',
    );
  });

  it('with emojis off, leaves out every tag holding one rather than copying another tag', () => {
    const tags = ['pizza🍕', '🍕', 'pizza', 'ny❤️'];
    expect(copy({ tags })).toBe('#pizza🍕 #🍕 #pizza #ny❤️');
    expect(copy({ tags, emojisEnabled: false })).toBe('#pizza');
  });

  it('accepts tags written with a leading # and drops empty ones', () => {
    expect(copy({ tags: ['#a', ' b ', '', '#', 'a'] })).toBe('#a #b');
  });

  it('treats tags differing only in case as one, keeping the first spelling', () => {
    expect(copy({ tags: ['Beach', 'beach', 'BEACH', 'sun'] })).toBe('#Beach #sun');
  });

  it('returns an empty string when no tag remains', () => {
    expect(copy({ tags: [] })).toBe('');
    expect(
      copy({ tags: ['🍕'], emojisEnabled: false, removeBranding: false, textBeforeHashtagsEnabled: true }),
    ).toBe('');
  });

  it('inserts the branding tag at the slot random() picks among n + 1', () => {
    const brandedAt = (r: number) => copy({ removeBranding: false, random: () => r });
    expect(brandedAt(0)).toBe(`${BRANDING_LABEL}\n#tagscout #a #b #c`);
    expect(brandedAt(0.25)).toBe(`${BRANDING_LABEL}\n#a #tagscout #b #c`);
    expect(brandedAt(0.5)).toBe(`${BRANDING_LABEL}\n#a #b #tagscout #c`);
    expect(brandedAt(0.99)).toBe(`${BRANDING_LABEL}\n#a #b #c #tagscout`);
  });

  it('does not add the branding tag twice, but still adds the label', () => {
    const never = () => {
      throw new Error('random() must not be called');
    };
    expect(copy({ tags: ['a', 'tagscout', 'b'], removeBranding: false, random: never })).toBe(
      `${BRANDING_LABEL}\n#a #tagscout #b`,
    );
    expect(copy({ tags: ['a', '#TagScout'], removeBranding: false, random: never })).toBe(
      `${BRANDING_LABEL}\n#a #TagScout`,
    );
  });

  it('keeps a user tag named like the brand when branding is removed', () => {
    expect(copy({ tags: ['tagscout', 'a'] })).toBe('#tagscout #a');
  });

  describe('caps', () => {
    it.each([
      // [tags given, removeBranding, canCopyUnlimited, tags copied]
      [29, true, false, 29],
      [30, true, false, 30],
      [31, true, false, 30],
      [29, false, false, 30],
      [30, false, false, 30],
      [31, false, false, 30],
      [31, true, true, 31],
      [31, false, true, 32],
      [100, false, true, 101],
    ])(
      '%i tags, removeBranding %s, unlimited %s -> %i copied',
      (n, removeBranding, canCopyUnlimited, expected) => {
        const text = copy({ tags: numbered(n), removeBranding, canCopyUnlimited, random: () => 0.5 });
        expect(countTags(text)).toBe(expected);
        expect(tagsLineOf(text).includes('#tagscout')).toBe(!removeBranding);
      },
    );

    it('keeps the first tags of the list when cutting', () => {
      const text = copy({ tags: numbered(31), removeBranding: false, random: () => 0.999 });
      expect(tagsLineOf(text)).toBe(
        `${numbered(29)
          .map((tag) => `#${tag}`)
          .join(' ')} #tagscout`,
      );
    });

    it('counts a branding tag already in the first 30 as the branded one', () => {
      const tags = [...numbered(10), BRANDING_TAG, ...numbered(40).slice(10)];
      const text = copy({ tags, removeBranding: false, exportCommaDelimited: true });
      expect(tagsLineOf(text).split(', ')).toEqual([
        ...numbered(10),
        BRANDING_TAG,
        ...numbered(29).slice(10),
      ]);
    });

    it('re-inserts a branding tag that falls beyond the cut', () => {
      const tags = [...numbered(35), BRANDING_TAG];
      const text = copy({ tags, removeBranding: false, exportCommaDelimited: true, random: () => 0 });
      expect(tagsLineOf(text).split(', ')).toEqual([BRANDING_TAG, ...numbered(29)]);
    });
  });

  describe('every combination', () => {
    const emojiOptions = [true, false];
    const commaOptions = [true, false];
    const removeOptions = [true, false];
    const unlimitedOptions = [true, false];
    const textBefore = [
      ['off', false, 'Hi'],
      ['on', true, 'Hi'],
      ['empty', true, ''],
    ] as const;
    const cases = emojiOptions.flatMap((emojisEnabled) =>
      commaOptions.flatMap((exportCommaDelimited) =>
        removeOptions.flatMap((removeBranding) =>
          unlimitedOptions.flatMap((canCopyUnlimited) =>
            textBefore.map(([label, textBeforeHashtagsEnabled, textBeforeHashtagsText]) => ({
              name: `emoji ${emojisEnabled}, comma ${exportCommaDelimited}, removeBranding ${removeBranding}, unlimited ${canCopyUnlimited}, text before ${label}`,
              options: {
                emojisEnabled,
                exportCommaDelimited,
                removeBranding,
                canCopyUnlimited,
                textBeforeHashtagsEnabled,
                textBeforeHashtagsText,
              },
            })),
          ),
        ),
      ),
    );

    it.each(cases)('$name', ({ options }) => {
      const text = copy({ ...options, tags: ['a', 'b🍕', 'c'], random: () => 0.5 });
      const tags = options.emojisEnabled ? ['a', 'b🍕', 'c'] : ['a', 'c'];
      if (!options.removeBranding) tags.splice(options.emojisEnabled ? 2 : 1, 0, 'tagscout');
      const expected = [
        ...(options.textBeforeHashtagsEnabled && options.textBeforeHashtagsText ? ['Hi'] : []),
        ...(options.removeBranding ? [] : ['Hashtags by Tagscout']),
        options.exportCommaDelimited ? tags.join(', ') : tags.map((tag) => `#${tag}`).join(' '),
      ];
      expect(text.split('\n')).toEqual(expected);
    });
  });

  it('never copies more than 30 tags without unlimited copy', () => {
    const options = fc.record({
      tags: fc.array(
        fc.oneof(
          fc.string({ maxLength: 5 }),
          fc.constantFrom('tagscout', 'TagScout', '#tagscout', '🍕', 'x🍕', 'tagscout🍕'),
        ),
        { maxLength: 80 },
      ),
      emojisEnabled: fc.boolean(),
      exportCommaDelimited: fc.boolean(),
      textBeforeHashtagsEnabled: fc.boolean(),
      textBeforeHashtagsText: fc.constantFrom('', DEFAULT_TEXT_BEFORE_HASHTAGS),
      removeBranding: fc.boolean(),
      canCopyUnlimited: fc.constant(false),
      random: fc.double({ min: 0, max: 0.9999, noNaN: true }).map((r) => () => r),
    });
    fc.assert(
      fc.property(options, (options) => {
        const text = buildCopyText(options);
        const tagsLine = text === '' ? '' : text.split('\n').at(-1)!;
        const tags =
          tagsLine === '' ? [] : options.exportCommaDelimited ? tagsLine.split(', ') : tagsLine.split(' #');
        expect(tags.length).toBeLessThanOrEqual(30);
        if (!options.removeBranding && text !== '') {
          expect(tags.filter((tag) => tag.replace(/^#/, '').toLowerCase() === BRANDING_TAG)).toHaveLength(1);
        }
      }),
    );
  });
});
