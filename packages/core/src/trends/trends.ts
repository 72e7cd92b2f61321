/**
 * Trends from daily uses (docs/decisions/018-trends.md): a tag's last days zero-filled, its 7- and
 * 30-day sums and week-on-week change, and the "trending now" score over the last 24 hours.
 */
import { Network } from '../networks/index.js';

export interface DayUses {
  day: number;
  uses: number;
}

export interface TagTrend {
  /** Uses on each day from `lastDay - days + 1` to `lastDay`, oldest first. */
  daily: number[];
  last7: number;
  last30: number;
  /** (last 7 days - the 7 before) / the 7 before; null when the 7 before had none. */
  weekChange: number | null;
}

/** The trend of one tag over the `days` days ending on `lastDay` (days since 1970), from its stored days. */
export function trendOf(uses: readonly DayUses[], lastDay: number, days = 30): TagTrend {
  const daily = new Array<number>(days).fill(0);
  const firstDay = lastDay - days + 1;
  for (const { day, uses: n } of uses) if (day >= firstDay && day <= lastDay) daily[day - firstDay]! += n;
  const sum = (from: number, to: number) => daily.slice(Math.max(0, from), to).reduce((a, b) => a + b, 0);
  const last7 = sum(days - 7, days);
  const previous7 = sum(days - 14, days - 7);
  return {
    daily,
    last7,
    last30: sum(days - 30, days),
    weekChange: previous7 === 0 ? null : (last7 - previous7) / previous7,
  };
}

/**
 * How the last 24 hours and the 24 before are read from day buckets at `nowMs`: all of today, the
 * part of yesterday still within 24 hours, and so on (uses assumed spread evenly over a day).
 * Weights per day offset: 0 = today, 1 = yesterday, 2 = the day before.
 */
export function last24HourWeights(nowMs: number): { current: number[]; previous: number[] } {
  const dayMs = 86_400_000;
  const elapsed = (((nowMs % dayMs) + dayMs) % dayMs) / dayMs;
  return { current: [1, 1 - elapsed, 0], previous: [0, elapsed, 1 - elapsed] };
}

/** Days "Trending now" reads: today and the two before (the weights of last24HourWeights). */
export const TRENDING_DAYS = 3;

/** Networks whose data is a fixed snapshot (the sample): their trends end on their last day, not today. */
const SNAPSHOT_NETWORKS: ReadonlySet<string> = new Set([Network.sample]);

export function isSnapshotNetwork(network: string): boolean {
  return SNAPSHOT_NETWORKS.has(network);
}

/**
 * The day a network's trends end on: the clock's day (`today`), or for a snapshot network the newest
 * day of its most used tags when that is earlier (today when they have none).
 */
export function trendingLastDay(options: {
  network: string;
  today: number;
  newestDayOfTopTags: number | undefined;
}): number {
  const { today, newestDayOfTopTags } = options;
  if (!isSnapshotNetwork(options.network)) return today;
  return Math.min(today, newestDayOfTopTags ?? today);
}

/** The first day "Trending now" reads when it ends on `lastDay`. */
export function firstTrendingDay(lastDay: number): number {
  return lastDay - TRENDING_DAYS + 1;
}

/** Fewer uses than this in the last 24 hours and a tag is not trending, however fast it grew. */
export const TRENDING_MIN_USES = 10;
/** Added to the 24 hours before, so a tag going from 0 to 12 does not outrank one going 500 to 2,000. */
export const TRENDING_PRIOR_USES = 20;

/**
 * How much a tag grew: the extra uses of the last 24 hours over the 24 before, relative to the
 * 24 before plus a prior. Null below the minimum support or when it did not grow.
 */
export function trendingScore(current: number, previous: number): number | null {
  if (current < TRENDING_MIN_USES || current <= previous) return null;
  return (current - previous) / (previous + TRENDING_PRIOR_USES);
}

const DAY_SECONDS = 86_400;

/** A day number as a UTC date, YYYY-MM-DD. */
export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}
