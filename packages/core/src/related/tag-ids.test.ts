import { describe, expect, it } from 'vitest';
import { TagIds, TagScratch } from './tag-ids.js';

describe('TagIds', () => {
  it('numbers each name once, from 0', () => {
    const ids = new TagIds(10);
    expect([ids.idOf('beach'), ids.idOf('sea'), ids.idOf('beach')]).toEqual([0, 1, 0]);
    expect(ids.nameOf(1)).toBe('sea');
    expect(ids.size).toBe(2);
  });

  it('starts again once it holds its limit, in a new generation', () => {
    const ids = new TagIds(2);
    ids.idOf('beach');
    ids.startAgainIfFull();
    expect(ids.generation).toBe(0);
    ids.idOf('sea');
    ids.startAgainIfFull();
    expect(ids.generation).toBe(1);
    expect(ids.size).toBe(0);
    expect(ids.idOf('sea')).toBe(0);
  });
});

describe('TagScratch', () => {
  it('makes room for every id and clears only what it is told', () => {
    const scratch = new TagScratch();
    scratch.fit(5000);
    expect(scratch.sums.length).toBeGreaterThanOrEqual(5000);
    scratch.sums[4999] = 3;
    scratch.scores[7] = 1.5;
    scratch.marks[8] = 2;
    scratch.clear([4999, 7]);
    expect([scratch.sums[4999], scratch.scores[7], scratch.marks[8]]).toEqual([0, 0, 2]);
  });
});
