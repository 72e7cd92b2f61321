import { describe, expect, it } from 'vitest';
import { repairMetaText } from './meta-text.js';

describe("Meta's latin-1 garbling", () => {
  it('reads escaped UTF-8 bytes as the characters they spell', () => {
    expect(repairMetaText('caf\u00c3\u00a9')).toBe('café');
    expect(repairMetaText('#s\u00c3\u00a3opaulo \u00f0\u009f\u008c\u0085')).toBe('#sãopaulo 🌅');
  });

  it('leaves text alone that is plain, already right, or not UTF-8 bytes', () => {
    expect(repairMetaText('plain #words')).toBe('plain #words');
    expect(repairMetaText('café 🌅')).toBe('café 🌅');
    expect(repairMetaText('Ã alone')).toBe('Ã alone');
  });
});
