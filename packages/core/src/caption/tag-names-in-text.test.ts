import { describe, expect, it } from 'vitest';
import { tagNamesInText } from './tag-names-in-text.js';

describe('tagNamesInText', () => {
  it('names each word and runs of two or three words joined, without apostrophes, tags or mentions', () => {
    const names = tagNamesInText("Happy father's day @dad #family 2024");
    expect(names).toEqual(
      expect.arrayContaining(['happy', 'fathers', 'day', 'happyfathers', 'fathersday', 'happyfathersday']),
    );
    expect(names).not.toContain('family');
    expect(names).not.toContain('dad');
    expect(names).not.toContain('2024');
  });
});
