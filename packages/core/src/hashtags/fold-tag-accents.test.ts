import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldTagAccents } from './fold-tag-accents.js';

describe('foldTagAccents', () => {
  it.each([
    ['café', 'cafe'],
    ['crème-brûlée', 'creme-brulee'],
    ['phở', 'pho'],
    ['łódź', 'lodz'],
    ['ørsted', 'orsted'],
    ['ıstanbul', 'istanbul'],
    ['são_paulo', 'sao_paulo'],
    ['ǿ', 'o'],
    // Not accents: other letters, other scripts, emoji and what is not lower-case stay.
    ['straße', 'straße'],
    ['æble', 'æble'],
    ['ǆ', 'ǆ'],
    ['йога', 'йога'],
    ['日本', '日本'],
    ['🍕café', '🍕cafe'],
    ['Café', 'Cafe'],
    ['travel', 'travel'],
  ])('%j -> %j', (text, expected) => {
    expect(foldTagAccents(text)).toBe(expected);
  });

  const latin = fc
    .array(
      fc.oneof(
        fc.integer({ min: 0x20, max: 0x24f }),
        fc.integer({ min: 0x1e00, max: 0x1eff }),
        fc.integer({ min: 0x0300, max: 0x036f }),
        fc.integer({ min: 0x0400, max: 0x04ff }),
      ),
      { maxLength: 12 },
    )
    .map((codes) => String.fromCodePoint(...codes));

  it('folds one letter to one, once for all, and leaves ASCII as it is', () => {
    fc.assert(
      fc.property(fc.oneof(latin, fc.string({ unit: 'grapheme', maxLength: 12 })), (text) => {
        const folded = foldTagAccents(text);
        expect([...folded]).toHaveLength([...text].length);
        expect(foldTagAccents(folded)).toBe(folded);
        [...text].forEach((letter, index) => {
          const after = [...folded][index]!;
          if (letter.codePointAt(0)! < 0x80) expect(after).toBe(letter);
          else if (after !== letter) expect(after).toMatch(/^[a-z]$/);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('folds every lower-case Latin letter whose accents come off to its letter', () => {
    for (let code = 0xe0; code <= 0x1eff; code++) {
      const letter = String.fromCodePoint(code);
      const decomposed = letter.normalize('NFD');
      if (letter !== letter.toLowerCase() || !/^[a-z]\p{Mn}+$/u.test(decomposed)) continue;
      expect(foldTagAccents(letter), `U+${code.toString(16)} ${letter}`).toBe(decomposed[0]);
    }
  });
});
