import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.js';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1_234_567, '1,234,567'],
    [2_000_000_000, '2,000,000,000'],
    [12.7, '12'],
  ])('%d -> %s', (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });

  it('uses the separators of the locale', () => {
    expect(formatCount(1_234_567, { locale: 'pt' })).toBe('1.234.567');
    expect(formatCount(1_234_567, { locale: 'en' })).toBe('1,234,567');
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1049, '1K'],
    [1234, '1.2K'],
    [1299, '1.2K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [3_400_000, '3.4M'],
    [3_450_000, '3.4M'],
    [999_999_999, '999.9M'],
    [1_100_000_000, '1.1B'],
    [1_234_000_000_000, '1,234B'],
  ])('compact %d -> %s', (count, expected) => {
    expect(formatCount(count, { compact: true })).toBe(expected);
  });

  it('writes compact counts as the language does', () => {
    // A no-break space: a count never breaks across lines.
    expect(formatCount(1234, { compact: true, locale: 'pt' })).toBe('1,2\u00a0mil');
    expect(formatCount(18_190_000, { compact: true, locale: 'pt-BR' })).toBe('18,1\u00a0mi');
    expect(formatCount(1_000_000_000, { compact: true, locale: 'pt' })).toBe('1\u00a0bi');
    expect(formatCount(1_234_000_000_000, { compact: true, locale: 'pt' })).toBe('1.234\u00a0bi');
    expect(formatCount(18_190_000, { compact: true, locale: 'en-GB' })).toBe('18.1M');
  });

  it('shows unknown counts as a dash', () => {
    for (const count of [-1, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCount(count)).toBe('—');
      expect(formatCount(count, { compact: true })).toBe('—');
    }
  });

  it('never shows a trailing .0 and never overstates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (count) => {
        const text = formatCount(count, { compact: true });
        expect(text).not.toMatch(/\.0[KMB]?$/);
        const match = /^([\d,.]+)([KMB]?)$/.exec(text);
        expect(match).not.toBeNull();
        const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9 }[match![2] as '' | 'K' | 'M' | 'B'];
        const shown = Number(match![1]!.replaceAll(',', '')) * scale;
        expect(shown).toBeLessThanOrEqual(count + 1e-6 * count);
      }),
    );
  });
});
