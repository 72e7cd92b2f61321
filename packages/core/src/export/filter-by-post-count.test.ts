import { describe, expect, it } from 'vitest';
import { filterByPostCount } from './filter-by-post-count.js';

const tags = [
  { hashtag: 'unknown', count: -1 },
  { hashtag: 'lookup', count: -2 },
  { hashtag: 'zero', count: 0 },
  { hashtag: 'ten', count: 10 },
  { hashtag: 'hundred', count: 100 },
  { hashtag: 'thousand', count: 1000 },
];
const names = (list: { hashtag: string }[]) => list.map((tag) => tag.hashtag);

describe('filterByPostCount', () => {
  it('keeps everything, unknown counts included, when no bound is set', () => {
    expect(filterByPostCount(tags, [null, null])).toEqual(tags);
  });

  it('includes both bounds', () => {
    expect(names(filterByPostCount(tags, [10, 100]))).toEqual(['ten', 'hundred']);
  });

  it('applies a min alone or a max alone, dropping unknown counts', () => {
    expect(names(filterByPostCount(tags, [100, null]))).toEqual(['hundred', 'thousand']);
    expect(names(filterByPostCount(tags, [null, 10]))).toEqual(['zero', 'ten']);
    expect(names(filterByPostCount(tags, [0, null]))).toEqual(['zero', 'ten', 'hundred', 'thousand']);
  });

  it('keeps nothing when min exceeds max', () => {
    expect(filterByPostCount(tags, [500, 50])).toEqual([]);
  });

  it('does not modify the input', () => {
    const copy = structuredClone(tags);
    filterByPostCount(tags, [10, 100]);
    expect(tags).toEqual(copy);
  });
});
