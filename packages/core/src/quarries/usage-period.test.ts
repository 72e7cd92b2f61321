import { describe, expect, it } from 'vitest';
import { currentUsagePeriod } from './usage-period.js';

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

describe('currentUsagePeriod', () => {
  it('starts a period now when none is stored', () => {
    expect(currentUsagePeriod(null, start, 30)).toEqual({
      startMs: start,
      endMs: start + 30 * DAY,
      day: 1,
      isNew: true,
    });
  });

  it('counts days from 1 within the period', () => {
    expect(currentUsagePeriod(start, start + DAY - 1, 30)).toMatchObject({ day: 1, isNew: false });
    expect(currentUsagePeriod(start, start + 15 * DAY, 30)).toMatchObject({ day: 16, isNew: false });
    expect(currentUsagePeriod(start, start + 30 * DAY - 1, 30)).toMatchObject({ day: 30, isNew: false });
  });

  it('rolls on to the period that holds now, from the first one start', () => {
    expect(currentUsagePeriod(start, start + 30 * DAY, 30)).toMatchObject({
      startMs: start + 30 * DAY,
      day: 1,
      isNew: true,
    });
    expect(currentUsagePeriod(start, start + 95 * DAY, 30)).toMatchObject({
      startMs: start + 90 * DAY,
      day: 6,
      isNew: true,
    });
  });
});
