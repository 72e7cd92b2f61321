import { describe, expect, it } from 'vitest';
import { compareVersions, shouldUpdateApp } from './app-version.js';
import { annualSavingsPercent, formatUsd, monthlyEquivalentUsd, PLANS } from './plans.js';

describe('plans', () => {
  it('carries the SPEC prices', () => {
    expect(formatUsd(PLANS.monthly.priceUsd)).toBe('$4.99');
    expect(formatUsd(PLANS.annual.priceUsd)).toBe('$39.99');
    // Brazilian Portuguese: the currency named and a decimal comma (a no-break space between).
    expect(formatUsd(PLANS.monthly.priceUsd, 'pt-BR')).toBe('US$\u00a04,99');
    expect(formatUsd(1234.5, 'pt-BR')).toBe('US$\u00a01.234,50');
    expect([PLANS.annualSpecial.priceUsd, PLANS.annualSpecial.wasPriceUsd]).toEqual([19.99, 29.99]);
  });

  it('works out the monthly equivalent and the saving of the annual plan', () => {
    expect(monthlyEquivalentUsd(PLANS.annual)).toBe(3.33);
    expect(monthlyEquivalentUsd(PLANS.monthly)).toBe(4.99);
    expect(annualSavingsPercent()).toBe(33);
  });
});

describe('app versions', () => {
  it.each([
    ['2.1.33', '2.1.33', 0],
    ['2.1.33', '2.1.100', -1],
    ['2.2', '2.1.99', 1],
    ['2', '2.0.0', 0],
    ['3.0.0-beta', '3.0.0', 0],
  ])('compares %s with %s', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('asks for an update only below the configured minimum', () => {
    expect(shouldUpdateApp('2.1.33', null)).toBe(false);
    expect(shouldUpdateApp('2.1.33', '2.1.33')).toBe(false);
    expect(shouldUpdateApp('2.1.32', '2.1.33')).toBe(true);
  });
});
