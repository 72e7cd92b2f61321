import { describe, expect, it } from 'vitest';
import { parseTagIds } from './post-rows.js';

describe("a post row's tag ids", () => {
  it('read as the numbers the store joined with commas', () => {
    expect(parseTagIds('')).toEqual([]);
    expect(parseTagIds('0')).toEqual([0]);
    expect(parseTagIds('12,7,309')).toEqual([12, 7, 309]);
    const large = [2 ** 40 + 1, 9_007_199_254_740_991, 1];
    expect(parseTagIds(large.join(','))).toEqual(large);
  });

  it('read anything else as Number reads each part', () => {
    for (const odd of [' 4,5', '4,-5', '1.5,2', '4,,5', 'a,1']) {
      expect(parseTagIds(odd)).toEqual(odd.split(',').map(Number));
    }
  });
});
