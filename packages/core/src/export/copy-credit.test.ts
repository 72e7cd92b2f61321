import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CopyOptions, graphemeCount, planCopy } from './build-copy-text.js';
import { COPY_NETWORKS, networkLimits } from './copy-networks.js';

// Issue 32 §2 and §3 (decision 026): what the button and the toast count is what goes to the clipboard;
// the Tagscout credit is its own translated line, never a tag, and only where it takes no room a network
// counts; commas separate tags and never take the # a network needs.

const CREDIT_PT = 'Hashtags por Tagscout';
const base: CopyOptions = {
  tags: [],
  emojisEnabled: true,
  exportCommaDelimited: false,
  textBeforeHashtagsEnabled: false,
  textBeforeHashtagsText: '',
  removeBranding: false,
  canCopyUnlimited: false,
  creditLine: CREDIT_PT,
};
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const NEEDS_HASH = [
  'instagram',
  'threads',
  'tiktok',
  'x',
  'bluesky',
  'mastodon',
  'youtube',
  'linkedin',
] as const;
const plan = (overrides: Partial<CopyOptions>) => planCopy({ ...base, ...overrides });
const forNetwork = (network: (typeof COPY_NETWORKS)[number], overrides: Partial<CopyOptions> = {}) =>
  plan({ network, limits: networkLimits(network), ...overrides });

describe('a copy holds what it says', () => {
  it('copies 8 for X as 8 hashtags, without a credit line or a #tagscout', () => {
    const copied = forNetwork('x', { tags: numbered(8) });
    expect(copied.copied).toHaveLength(8);
    expect(copied.text).toBe(
      numbered(8)
        .map((tag) => `#${tag}`)
        .join(' '),
    );
    expect(copied.hasCredit).toBe(false);
  });

  it('copies 29 of 32 for Other as 29 hashtags, and the credit as a translated line of its own', () => {
    const copied = forNetwork('other', { tags: numbered(32) });
    expect(copied.copied).toEqual(numbered(29));
    expect(copied.limitedBy).toBe('free');
    expect(copied.hasCredit).toBe(true);
    expect(copied.text).toBe(
      `${CREDIT_PT}\n${numbered(29)
        .map((tag) => `#${tag}`)
        .join(' ')}`,
    );
  });

  it('counts a #tagscout of the user as one of their tags, and adds none', () => {
    const copied = forNetwork('other', { tags: ['a', 'tagscout', 'b'] });
    expect(copied.copied).toEqual(['a', 'tagscout', 'b']);
    expect(copied.text).toBe(`${CREDIT_PT}\n#a #tagscout #b`);
  });

  it('leaves the credit out of every network that caps tags or counts characters', () => {
    for (const network of NEEDS_HASH) {
      const copied = forNetwork(network, {
        tags: numbered(3),
        textBeforeHashtagsEnabled: true,
        textBeforeHashtagsText: 'Hi',
      });
      const cap = networkLimits(network).hashtagCap ?? 3;
      expect(copied.copied, network).toEqual(numbered(Math.min(cap, 3)));
      expect(copied.text, network).toBe(`Hi\n${copied.copied.map((tag) => `#${tag}`).join(' ')}`);
      expect(copied.hasCredit, network).toBe(false);
    }
  });

  it('copies as many tags into Bluesky’s 300 characters branded as unbranded', () => {
    const long = Array.from({ length: 40 }, (_, i) => `longhashtagnumber${i}`);
    const branded = forNetwork('bluesky', { tags: long });
    const unbranded = forNetwork('bluesky', { tags: long, removeBranding: true });
    expect(branded.copied).toEqual(unbranded.copied);
    expect(branded.text).toBe(unbranded.text);
  });

  it('puts on the clipboard exactly the tags it counts, whatever the options', () => {
    const tag = fc.oneof(fc.stringMatching(/^[a-z0-9_]{1,12}$/), fc.constantFrom('tagscout', 'TagScout'));
    const options = fc.record({
      tags: fc.array(tag, { maxLength: 50 }),
      exportCommaDelimited: fc.boolean(),
      textBeforeHashtagsEnabled: fc.boolean(),
      textBeforeHashtagsText: fc.constantFrom('', '.\n.\n.', 'Follow for more'),
      removeBranding: fc.boolean(),
      canCopyUnlimited: fc.boolean(),
      network: fc.constantFrom(...COPY_NETWORKS),
      limits: fc.option(
        fc.record({
          hashtagCap: fc.option(fc.integer({ min: 0, max: 40 })),
          charLimit: fc.option(fc.integer({ min: 0, max: 600 })),
        }),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(options, (options) => {
        const copied = plan(options);
        const hasLimit =
          options.limits !== undefined
            ? options.limits.hashtagCap !== null || options.limits.charLimit !== null
            : options.network !== 'other';
        const hash = options.network === 'other' && options.exportCommaDelimited ? '' : '#';
        const tagsLine = copied.copied
          .map((t) => `${hash}${t}`)
          .join(options.exportCommaDelimited ? ', ' : ' ');
        const hasText = options.textBeforeHashtagsEnabled && options.textBeforeHashtagsText.trim() !== '';
        const expected = [
          ...(hasText ? [options.textBeforeHashtagsText] : []),
          ...(copied.hasCredit ? [CREDIT_PT] : []),
          tagsLine,
        ].join('\n');
        expect(copied.text).toBe(copied.copied.length === 0 ? '' : expected);
        expect(copied.hasCredit).toBe(!options.removeBranding && !hasLimit && copied.copied.length > 0);
        const unbranded = plan({ ...options, removeBranding: true });
        if (hasLimit) expect(copied.text).toBe(unbranded.text);
        if (options.limits?.charLimit != null)
          expect(graphemeCount(copied.text)).toBeLessThanOrEqual(options.limits.charLimit);
      }),
    );
  });
});

describe('separate with commas', () => {
  it.each(NEEDS_HASH)('keeps the # of every tag for %s', (network) => {
    // Threads takes one tag: #a.
    const expected = network === 'threads' ? '#a' : '#a, #b, #c';
    expect(forNetwork(network, { tags: ['a', 'b', 'c'], exportCommaDelimited: true }).text).toBe(expected);
  });

  it('gives bare words for Other, which names no network', () => {
    expect(
      forNetwork('other', { tags: ['a', 'b'], exportCommaDelimited: true, removeBranding: true }).text,
    ).toBe('a, b');
  });
});
