import { describe, expect, it } from 'vitest';
import { DailyUses } from './ingest-batch.js';

const DAY = 86_400;

describe('DailyUses', () => {
  it('sums uses per tag and day, takes removed ones back, and lists them by tag then day', () => {
    const uses = new DailyUses();
    uses.add([7, 3], 10 * DAY + 5, 'owner:ann');
    uses.add([3], 10 * DAY + 80_000, 'owner:bo');
    uses.add([3, 2_000_000_000], 2 * DAY, 'owner:ann');
    uses.add([7], 10 * DAY, 'owner:ann', -1);
    // Before 1970 the day is still rounded down, as dayOfEpochSeconds does.
    uses.add([3], -1, 'owner:ann');
    expect(uses.rows()).toEqual([
      [3, -1, 1],
      [3, 2, 1],
      [3, 10, 2],
      [7, 10, 0],
      [2_000_000_000, 2, 1],
    ]);
    // The same per author, in key order: what trending weighs (decision 025).
    expect(uses.authorRows()).toEqual([
      [3, -1, 'owner:ann', 1],
      [3, 2, 'owner:ann', 1],
      [3, 10, 'owner:ann', 1],
      [3, 10, 'owner:bo', 1],
      [7, 10, 'owner:ann', 0],
      [2_000_000_000, 2, 'owner:ann', 1],
    ]);
    // From a day on (the days trending can read, decision 034), and every post taken back.
    uses.add([3], 2 * DAY, 'owner:bo', -1);
    expect(uses.authorRows(10)).toEqual([
      [3, 2, 'owner:bo', -1],
      [3, 10, 'owner:ann', 1],
      [3, 10, 'owner:bo', 1],
      [7, 10, 'owner:ann', 0],
    ]);
  });
});
