import { describe, expect, it } from 'vitest';
import { DailyUses } from './ingest-batch.js';

const DAY = 86_400;

describe('DailyUses', () => {
  it('sums uses per tag and day, takes removed ones back, and lists them by tag then day', () => {
    const uses = new DailyUses();
    uses.add([7, 3], 10 * DAY + 5);
    uses.add([3], 10 * DAY + 80_000);
    uses.add([3, 2_000_000_000], 2 * DAY);
    uses.add([7], 10 * DAY, -1);
    // Before 1970 the day is still rounded down, as dayOfEpochSeconds does.
    uses.add([3], -1);
    expect(uses.rows()).toEqual([
      [3, -1, 1],
      [3, 2, 1],
      [3, 10, 2],
      [7, 10, 0],
      [2_000_000_000, 2, 1],
    ]);
  });
});
