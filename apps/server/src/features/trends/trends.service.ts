import { TREND_LIMITS, type TrendingResponse, type TrendResponse } from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import { LIMITS } from '@tagscout/core/limits';
import { dayOfEpochMs, type Network } from '@tagscout/core/networks';
import {
  isoDateOfDay,
  isSnapshotNetwork,
  last24HourWeights,
  TRENDING_MIN_USES,
  TRENDING_PRIOR_USES,
  trendingLastDay,
  trendingScore,
  trendOf,
} from '@tagscout/core/trends';
import type { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/connect.js';
import type { DefaultNetwork } from '../search/default-network.js';
import { countOf } from '../search/search.presenter.js';
// The store writes author rows by the same day (decision 034), so both read it from one query.
import { findNewestDayOfTopTags } from '../store/post-writes.repository.js';
import { findDailyUses, findGrowingTags } from './trends.repository.js';

const DAY_MS = 86_400_000;

export interface TrendsContext {
  database: Database;
  defaultNetwork: DefaultNetwork;
  /** Trending answers per network and size, kept briefly (decision 018). */
  trending: LRUCache<string, TrendingResponse>;
  /** The last day of each snapshot network. */
  snapshotDays: LRUCache<string, number>;
  now: Clock;
}

/** Where a network's trends end: now, or for a snapshot the end of its last day. */
async function clockOf(
  context: TrendsContext,
  network: Network,
): Promise<{ nowMs: number; lastDay: number }> {
  const nowMs = context.now();
  const today = dayOfEpochMs(nowMs);
  if (!isSnapshotNetwork(network)) return { nowMs, lastDay: today };
  let last = context.snapshotDays.get(network);
  if (last === undefined) {
    const newestDayOfTopTags = await findNewestDayOfTopTags(context.database.db, network);
    last = trendingLastDay({ network, today, newestDayOfTopTags });
    context.snapshotDays.set(network, last);
  }
  return last === today ? { nowMs, lastDay: today } : { nowMs: (last + 1) * DAY_MS - 1, lastDay: last };
}

/** The last 30 days of each named tag on the network (zero-filled), with sums and week-on-week change. */
export async function findTrends(
  context: TrendsContext,
  request: { tags: readonly string[]; network?: Network },
): Promise<TrendResponse> {
  const network = await context.defaultNetwork.resolve(request.network);
  const { lastDay } = await clockOf(context, network);
  const firstDay = lastDay - TREND_LIMITS.days + 1;
  // A list's names may be another network's form of the tag ('café' for Mastodon's cafe): each is
  // looked up by this network's form and answered under the name asked.
  const names = request.tags.map((hashtag) => normalizeHashtag(hashtag, network) ?? hashtag);
  const rows = await findDailyUses(context.database, { network, names, firstDay, lastDay });
  const byName = new Map<string, { day: number; uses: number }[]>();
  for (const row of rows) {
    const days = byName.get(row.name) ?? [];
    days.push(row);
    byName.set(row.name, days);
  }
  return {
    network,
    first_day: isoDateOfDay(firstDay),
    last_day: isoDateOfDay(lastDay),
    trends: request.tags.map((hashtag, index) => {
      const trend = trendOf(byName.get(names[index]!) ?? [], lastDay, TREND_LIMITS.days);
      return {
        hashtag,
        daily: trend.daily,
        last_7_days: trend.last7,
        last_30_days: trend.last30,
        week_change: trend.weekChange,
      };
    }),
  };
}

/** The network's tags that grew most over the last 24 hours, banned ones left out; cached briefly. */
export async function findTrending(
  context: TrendsContext,
  request: { network?: Network; limit: number },
): Promise<TrendingResponse> {
  const network = await context.defaultNetwork.resolve(request.network);
  const key = `${network}:${request.limit}`;
  const cached = context.trending.get(key);
  if (cached) return cached;
  const { nowMs, lastDay } = await clockOf(context, network);
  const rows = await findGrowingTags(context.database, {
    network,
    today: lastDay,
    weights: last24HourWeights(nowMs),
    minUses: TRENDING_MIN_USES,
    minAuthors: LIMITS.trendingMinAuthors,
    perAuthorPerDay: LIMITS.trendingPostsPerAuthorPerDay,
    prior: TRENDING_PRIOR_USES,
    limit: request.limit,
  });
  const answer: TrendingResponse = {
    network,
    as_of: new Date(nowMs).toISOString(),
    trending: rows.map((row) => ({
      hashtag: row.name,
      count: countOf(row),
      last_24_hours: Math.round(row.current),
      previous_24_hours: Math.round(row.previous),
      authors: row.authors,
      growth: Math.round((trendingScore(row.currentCapped, row.previousCapped) ?? 0) * 1000) / 1000,
    })),
  };
  context.trending.set(key, answer);
  return answer;
}
