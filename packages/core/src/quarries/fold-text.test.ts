import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanKeyword, foldText, normalizeKeywords } from './fold-text.js';

describe('foldText', () => {
  it('lower-cases, drops accents and widens nothing', () => {
    expect(foldText('Café LISBOA')).toBe('cafe lisboa');
    expect(foldText('São João')).toBe('sao joao');
    expect(foldText('ＣＯＦＦＥＥ')).toBe('coffee');
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (text) => foldText(foldText(text)) === foldText(text)));
  });
});

describe('cleanKeyword and normalizeKeywords', () => {
  it('strips leading # and spaces and squeezes inner spaces', () => {
    expect(cleanKeyword('  #Coffee   Shop ')).toBe('Coffee Shop');
    expect(cleanKeyword('＃café')).toBe('café');
    expect(cleanKeyword(' # ')).toBe('');
  });

  it('drops empty entries and repeats that differ only in case, accents or #', () => {
    expect(normalizeKeywords(['Coffee', '#coffee', 'café', 'cafe', '  ', 'tea'])).toEqual([
      'Coffee',
      'café',
      'tea',
    ]);
  });
});
