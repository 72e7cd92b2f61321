import { describe, expect, it } from 'vitest';
import { shouldUpdateApp } from './app-version.js';
import { annualSavingsPercent, formatUsd, monthlyEquivalentUsd, PLANS } from './plans.js';

describe('plans', () => {
  it('formats the plan prices in US dollars for the reader’s locale', () => {
    expect(formatUsd(PLANS.monthly.priceUsd)).toBe('$4.99');
    expect(formatUsd(PLANS.annual.priceUsd)).toBe('$39.99');
    // Brazilian Portuguese: the currency named and a decimal comma (a no-break space between).
    expect(formatUsd(PLANS.monthly.priceUsd, 'pt-BR')).toBe('US$\u00a04,99');
    expect(formatUsd(1234.5, 'pt-BR')).toBe('US$\u00a01.234,50');
  });

  it('works out the monthly equivalent and the saving of the annual plan', () => {
    expect(monthlyEquivalentUsd(PLANS.annual)).toBe(3.33);
    expect(monthlyEquivalentUsd(PLANS.monthly)).toBe(4.99);
    expect(annualSavingsPercent()).toBe(33);
  });
});

describe('app versions', () => {
  it.each([
    ['2.1.33', '2.1.33', false],
    ['2.1.33', '2.1.100', true],
    ['2.1.100', '2.1.33', false],
    ['2.2', '2.1.99', false],
    ['2', '2.0.0', false],
    ['1.9', '2', true],
    ['3.0.0-beta', '3.0.0', false],
    ['not a version', '1.0.0', true],
  ])('running %s with minimum %s asks for an update: %s', (running, minimum, expected) => {
    expect(shouldUpdateApp(running, minimum)).toBe(expected);
  });

  it('asks for no update when no minimum is configured', () => {
    expect(shouldUpdateApp('2.1.33', null)).toBe(false);
    expect(shouldUpdateApp('2.1.33', '')).toBe(false);
  });
});
