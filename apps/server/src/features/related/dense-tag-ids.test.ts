import { describe, expect, it } from 'vitest';
import { DenseTagIds } from './dense-tag-ids.js';

describe('DenseTagIds', () => {
  it('numbers store ids from 0 in the order first met, the same id always the same number', () => {
    const ids = new DenseTagIds();
    expect([ids.idOf(900_000), ids.idOf(7), ids.idOf(900_000), ids.idOf(0), ids.idOf(7)]).toEqual([
      0, 1, 0, 2, 1,
    ]);
    expect(ids.size).toBe(3);
    expect([0, 1, 2].map((id) => ids.storeIdOf(id))).toEqual([900_000, 7, 0]);
  });

  it('keeps its numbers when it grows for a larger store id', () => {
    const ids = new DenseTagIds();
    const before = [5, 1000, 20].map((id) => ids.idOf(id));
    ids.idOf(5_000_000);
    for (let storeId = 2000; storeId < 4000; storeId++) ids.idOf(storeId);
    expect([5, 1000, 20].map((id) => ids.idOf(id))).toEqual(before);
    expect(before.map((id) => ids.storeIdOf(id))).toEqual([5, 1000, 20]);
    expect(ids.storeIdOf(ids.idOf(3999))).toBe(3999);
  });
});
