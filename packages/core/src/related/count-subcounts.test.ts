import { describe, expect, it } from 'vitest';
import { countSubcounts } from './count-subcounts.js';

describe('countSubcounts', () => {
  it('counts the posts each tag appears in', () => {
    const subcounts = countSubcounts([
      ['a', 'b'],
      ['a', 'c'],
      ['a', 'b', 'd'],
    ]);
    expect(Object.fromEntries(subcounts)).toEqual({ a: 3, b: 2, c: 1, d: 1 });
  });

  it('never counts the item itself', () => {
    const subcounts = countSubcounts(
      [
        ['travel', 'beach'],
        ['travel', 'sun'],
      ],
      'travel',
    );
    expect(subcounts.has('travel')).toBe(false);
    expect(Object.fromEntries(subcounts)).toEqual({ beach: 1, sun: 1 });
  });

  it('counts a tag once per post', () => {
    expect(countSubcounts([['a', 'a', 'b']]).get('a')).toBe(1);
  });

  it('accepts any iterable and returns an empty map for no posts', () => {
    function* posts() {
      yield ['x', 'y'];
    }
    expect(countSubcounts(posts()).get('x')).toBe(1);
    expect(countSubcounts([]).size).toBe(0);
  });
});
