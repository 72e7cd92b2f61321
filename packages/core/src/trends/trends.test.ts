import { describe, expect, it } from 'vitest';
import {
  firstTrendingDay,
  isoDateOfDay,
  isSnapshotNetwork,
  last24HourWeights,
  trendingLastDay,
  trendingScore,
  trendOf,
} from './index.js';

describe('trendOf', () => {
  it('zero-fills the days without uses, oldest first, and ignores days outside', () => {
    const trend = trendOf(
      [
        { day: 100, uses: 5 },
        { day: 98, uses: 2 },
        { day: 70, uses: 99 },
        { day: 101, uses: 99 },
      ],
      100,
      5,
    );
    expect(trend.daily).toEqual([0, 0, 2, 0, 5]);
  });

  it('sums the last 7 and 30 days and compares the week with the one before', () => {
    const uses = Array.from({ length: 30 }, (_, i) => ({ day: 71 + i, uses: i < 16 ? 1 : i < 23 ? 2 : 3 }));
    const trend = trendOf(uses, 100);
    expect(trend.last7).toBe(21);
    expect(trend.last30).toBe(16 + 14 + 21);
    expect(trend.weekChange).toBeCloseTo((21 - 14) / 14);
  });

  it('has no week-on-week change when the week before had no uses', () => {
    expect(trendOf([{ day: 100, uses: 4 }], 100).weekChange).toBeNull();
    expect(trendOf([], 100)).toEqual({ daily: new Array(30).fill(0), last7: 0, last30: 0, weekChange: null });
  });

  it('says -100% when a tag stopped being used', () => {
    expect(trendOf([{ day: 90, uses: 4 }], 100).weekChange).toBe(-1);
  });
});

describe('last24HourWeights', () => {
  it('takes all of today and the rest of yesterday', () => {
    const sixAm = Date.UTC(2026, 0, 2, 6);
    const weights = last24HourWeights(sixAm);
    expect(weights.current).toEqual([1, 0.75, 0]);
    expect(weights.previous).toEqual([0, 0.25, 0.75]);
  });
});

describe('trendingScore', () => {
  it('needs a minimum of uses and growth', () => {
    expect(trendingScore(9, 0)).toBeNull();
    expect(trendingScore(50, 60)).toBeNull();
    expect(trendingScore(50, 50)).toBeNull();
  });

  it('ranks a tag that went from 500 to 2,000 above one that went from 0 to 12', () => {
    expect(trendingScore(2000, 500)!).toBeGreaterThan(trendingScore(12, 0)!);
  });
});

describe('trendingLastDay', () => {
  it("ends a live network's trends today, and a snapshot's on its most used tags' newest day", () => {
    expect(isSnapshotNetwork('sample')).toBe(true);
    expect(isSnapshotNetwork('bluesky')).toBe(false);
    expect(trendingLastDay({ network: 'bluesky', today: 100, newestDayOfTopTags: 90 })).toBe(100);
    expect(trendingLastDay({ network: 'sample', today: 100, newestDayOfTopTags: 90 })).toBe(90);
    // Never after today, and today when its most used tags have no uses.
    expect(trendingLastDay({ network: 'sample', today: 100, newestDayOfTopTags: 105 })).toBe(100);
    expect(trendingLastDay({ network: 'sample', today: 100, newestDayOfTopTags: undefined })).toBe(100);
    expect(firstTrendingDay(90)).toBe(88);
  });
});

describe('isoDateOfDay', () => {
  it('names the UTC date', () => {
    expect(isoDateOfDay(Date.UTC(2026, 2, 4) / 86_400_000)).toBe('2026-03-04');
  });
});
