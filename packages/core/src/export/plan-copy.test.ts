import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CopyOptions, graphemeCount, planCopy } from './build-copy-text.js';
import { COPY_NETWORKS, NETWORK_RULES, networkLimits } from './copy-networks.js';

const base: CopyOptions = {
  tags: [],
  emojisEnabled: true,
  exportCommaDelimited: false,
  textBeforeHashtagsEnabled: false,
  textBeforeHashtagsText: '',
  removeBranding: false,
  canCopyUnlimited: false,
  creditLine: 'Hashtags by Tagscout',
};
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const tagsOfText = (text: string) =>
  text === ''
    ? []
    : text
        .split('\n')
        .at(-1)!
        .split(' ')
        .map((t) => t.slice(1));

describe('planCopy for a network', () => {
  it('copies 5 of 8 for Instagram, without the credit line', () => {
    const plan = planCopy({ ...base, tags: numbered(8), limits: networkLimits('instagram') });
    expect(plan.copied).toEqual(numbered(5));
    expect(plan.eligible).toHaveLength(8);
    expect(plan.limitedBy).toBe('network');
    expect(plan.hasCredit).toBe(false);
    expect(plan.text).toBe('#t1 #t2 #t3 #t4 #t5');
  });

  it('copies 1 for Threads and 15 for YouTube', () => {
    expect(planCopy({ ...base, tags: numbered(3), limits: networkLimits('threads') }).copied).toEqual(['t1']);
    expect(planCopy({ ...base, tags: numbered(20), limits: networkLimits('youtube') }).copied).toHaveLength(
      15,
    );
  });

  it('with no network rule copies 29 of the free version’s tags and the credit line, and says the free limit bound it', () => {
    const plan = planCopy({ ...base, tags: numbered(32), limits: networkLimits('other') });
    expect(plan.copied).toHaveLength(29);
    expect(plan.limitedBy).toBe('free');
    expect(plan.hasCredit).toBe(true);
    expect(tagsOfText(plan.text)).toEqual(numbered(29));
  });

  it('copies everything with Pro and no cap', () => {
    const plan = planCopy({ ...base, tags: numbered(32), canCopyUnlimited: true, removeBranding: true });
    expect(plan.copied).toHaveLength(32);
    expect(plan.limitedBy).toBeNull();
  });

  it('keeps the first tags that fit in Bluesky’s 300 characters', () => {
    const long = Array.from({ length: 40 }, (_, i) => `longhashtagnumber${i}`);
    const plan = planCopy({ ...base, tags: long, limits: networkLimits('bluesky') });
    expect(plan.limitedBy).toBe('length');
    expect(graphemeCount(plan.text)).toBeLessThanOrEqual(300);
    const oneMore = planCopy({
      ...base,
      tags: long.slice(0, plan.copied.length + 1),
      limits: { hashtagCap: plan.copied.length + 1, charLimit: null },
    });
    expect(graphemeCount(oneMore.text)).toBeGreaterThan(300);
  });

  it('names the tags left out with emojis off: another tag or a duplicate', () => {
    const plan = planCopy({
      ...base,
      removeBranding: true,
      emojisEnabled: false,
      tags: ['sunrise🌅', 'sun', 'sun☀️', 'Sun', 'sky'],
    });
    expect(plan.copied).toEqual(['sun', 'sky']);
    expect(plan.leftOut).toEqual([
      { tag: 'sunrise🌅', reason: 'emoji' },
      { tag: 'sun☀️', reason: 'emoji' },
      { tag: 'Sun', reason: 'duplicate' },
    ]);
  });

  it('takes an administrator’s override over the rule', () => {
    expect(networkLimits('instagram', { instagram: { hashtagCap: 3 } })).toEqual({
      hashtagCap: 3,
      charLimit: 2200,
    });
    expect(networkLimits('x', { x: { charLimit: null } })).toEqual({ hashtagCap: null, charLimit: null });
  });

  it('states a source and a check date for every network', () => {
    for (const network of COPY_NETWORKS) {
      expect(NETWORK_RULES[network].source.length).toBeGreaterThan(5);
      expect(NETWORK_RULES[network].checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('never exceeds a cap or a length, never copies a duplicate, and cuts only from the end', () => {
    const options = fc.record({
      tags: fc.array(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('tagscout', 'Sun', 'sun', 'sun☀️', '🍕', 'a🍕'),
        ),
        { maxLength: 60 },
      ),
      emojisEnabled: fc.boolean(),
      exportCommaDelimited: fc.constant(false),
      textBeforeHashtagsEnabled: fc.boolean(),
      textBeforeHashtagsText: fc.constantFrom('', '.\n.\n.', 'Follow for more'),
      removeBranding: fc.boolean(),
      canCopyUnlimited: fc.boolean(),
      creditLine: fc.constant('Hashtags by Tagscout'),
      limits: fc.record({
        hashtagCap: fc.option(fc.integer({ min: 0, max: 40 })),
        charLimit: fc.option(fc.integer({ min: 0, max: 600 })),
      }),
    });
    fc.assert(
      fc.property(options, (options) => {
        const plan = planCopy(options);
        const cap = options.limits.hashtagCap;
        if (cap !== null) expect(plan.copied.length).toBeLessThanOrEqual(cap);
        if (options.limits.charLimit !== null)
          expect(graphemeCount(plan.text)).toBeLessThanOrEqual(options.limits.charLimit);
        expect(plan.copied).toEqual(plan.eligible.slice(0, plan.copied.length));
        const keys = plan.copied.map((tag) => tag.toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        if (cap !== null || options.limits.charLimit !== null) expect(plan.hasCredit).toBe(false);
        if (plan.copied.length < plan.eligible.length) expect(plan.limitedBy).not.toBeNull();
        if (!options.canCopyUnlimited) expect(plan.copied.length).toBeLessThanOrEqual(30);
      }),
    );
  });
});
