import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-format.js';

describe('numberFormat', () => {
  it('gives the same format for the same locale and options, and another for others', () => {
    const first = numberFormat('pt-BR', { maximumFractionDigits: 1 });
    expect(numberFormat('pt-BR', { maximumFractionDigits: 1 })).toBe(first);
    expect(first.format(1234.56)).toBe('1.234,6');
    expect(numberFormat('en', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
    expect(numberFormat('pt-BR', { maximumFractionDigits: 0 }).format(1234.56)).toBe('1.235');
  });

  it('throws for a locale that is not one, as Intl.NumberFormat does', () => {
    expect(() => numberFormat('not a locale!')).toThrow(RangeError);
  });
});
