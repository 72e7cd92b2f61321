import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCopyText, type CopyOptions, DEFAULT_TEXT_BEFORE_HASHTAGS } from './build-copy-text.js';

const CREDIT = 'Hashtags by Tagscout';

const base: CopyOptions = {
  tags: ['a', 'b', 'c'],
  emojisEnabled: true,
  exportCommaDelimited: false,
  textBeforeHashtagsEnabled: false,
  textBeforeHashtagsText: DEFAULT_TEXT_BEFORE_HASHTAGS,
  removeBranding: true,
  canCopyUnlimited: false,
  creditLine: CREDIT,
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
    expect(copy({ textBeforeHashtagsEnabled: true, removeBranding: false })).toBe(
      '.\n.\n.\n.\n.\nHashtags by Tagscout\n#a #b #c',
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

  it('adds the credit as a line of its own, never as a tag', () => {
    expect(copy({ removeBranding: false })).toBe(`${CREDIT}\n#a #b #c`);
  });

  it('copies a user tag named like the brand as theirs, once', () => {
    expect(copy({ tags: ['a', 'tagscout', 'b'], removeBranding: false })).toBe(`${CREDIT}\n#a #tagscout #b`);
    expect(copy({ tags: ['a', '#TagScout', 'tagscout'], removeBranding: false })).toBe(
      `${CREDIT}\n#a #TagScout`,
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
      [29, false, false, 29],
      [30, false, false, 29],
      [31, false, false, 29],
      [31, true, true, 31],
      [31, false, true, 31],
      [100, false, true, 100],
    ])(
      '%i tags, removeBranding %s, unlimited %s -> %i copied',
      (n, removeBranding, canCopyUnlimited, expected) => {
        const text = copy({ tags: numbered(n), removeBranding, canCopyUnlimited });
        expect(countTags(text)).toBe(expected);
        expect(text.includes('#tagscout')).toBe(false);
        expect(text.startsWith(`${CREDIT}\n`)).toBe(!removeBranding);
      },
    );

    it('keeps the first tags of the list when cutting', () => {
      const text = copy({ tags: numbered(31), removeBranding: false });
      expect(tagsLineOf(text)).toBe(
        numbered(29)
          .map((tag) => `#${tag}`)
          .join(' '),
      );
    });

    it('counts a user tag named like the brand among the 29', () => {
      const tags = [...numbered(10), 'tagscout', ...numbered(40).slice(10)];
      const text = copy({ tags, removeBranding: false, exportCommaDelimited: true });
      expect(tagsLineOf(text).split(', ')).toEqual(tags.slice(0, 29));
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
      const text = copy({ ...options, tags: ['a', 'b🍕', 'c'] });
      const tags = options.emojisEnabled ? ['a', 'b🍕', 'c'] : ['a', 'c'];
      const expected = [
        ...(options.textBeforeHashtagsEnabled && options.textBeforeHashtagsText ? ['Hi'] : []),
        ...(options.removeBranding ? [] : ['Hashtags by Tagscout']),
        options.exportCommaDelimited ? tags.join(', ') : tags.map((tag) => `#${tag}`).join(' '),
      ];
      expect(text.split('\n')).toEqual(expected);
    });
  });

  it('never copies more than 30 tags without unlimited copy, 29 when branded, and adds none', () => {
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
      creditLine: fc.constant(CREDIT),
    });
    fc.assert(
      fc.property(options, (options) => {
        const text = buildCopyText(options);
        const tagsLine = text === '' ? '' : text.split('\n').at(-1)!;
        const tags =
          tagsLine === '' ? [] : options.exportCommaDelimited ? tagsLine.split(', ') : tagsLine.split(' #');
        expect(tags.length).toBeLessThanOrEqual(options.removeBranding ? 30 : 29);
        const isBrand = (tag: string) => tag.replace(/^#+/, '').trim().toLowerCase() === 'tagscout';
        if (!options.tags.some(isBrand)) expect(tags.filter(isBrand)).toEqual([]);
      }),
    );
  });
});
