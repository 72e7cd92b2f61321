import type { Network } from '@tagscout/core/networks';
import { sql } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { CountState } from '../../db/tables.js';

/** Each named tag's daily uses from `firstDay` to `lastDay` (days since 1970): one key range per tag. */
export async function findDailyUses(
  database: Database,
  options: { network: Network; names: readonly string[]; firstDay: number; lastDay: number },
): Promise<{ name: string; day: number; uses: number }[]> {
  if (options.names.length === 0) return [];
  const rows = await database.db
    .selectFrom('hashtags')
    .innerJoin('hashtag_daily_uses as daily', 'daily.hashtag_id', 'hashtags.id')
    .select(['hashtags.name', 'daily.day', 'daily.uses'])
    .where('hashtags.network', '=', options.network)
    .where('hashtags.name', 'in', options.names)
    .where('daily.day', '>=', options.firstDay)
    .where('daily.day', '<=', options.lastDay)
    .execute();
  return rows.map((row) => ({ name: row.name, day: Number(row.day), uses: Number(row.uses) }));
}

export interface GrowingTagRow {
  name: string;
  post_count: number;
  count_state: CountState;
  /** Weighted uses of the last 24 hours and of the 24 before, every post counted. */
  current: number;
  previous: number;
  /** The same with each author's posts of a day capped (what the ranking reads). */
  currentCapped: number;
  previousCapped: number;
  /** Distinct authors over today and yesterday (the days the last 24 hours touch). */
  authors: number;
}

/**
 * The network's tags, not banned, by how much they grew over the last 24 hours, counting people
 * (decision 025): from the daily posts per author, each author weighs at most `perAuthorPerDay`
 * posts a tag a day, and a tag needs `minAuthors` distinct authors and `minUses` capped uses.
 * `current` and `previous` weigh the uses of `today` and the two days before (core's
 * last24HourWeights); ordered by (current - previous) / (previous + prior) of the capped uses,
 * most first.
 */
export async function findGrowingTags(
  database: Database,
  options: {
    network: Network;
    today: number;
    weights: { current: number[]; previous: number[] };
    minUses: number;
    minAuthors: number;
    perAuthorPerDay: number;
    prior: number;
    limit: number;
  },
): Promise<GrowingTagRow[]> {
  const { today, weights } = options;
  // Weights are fractions: bound as floats (PostgreSQL would read them as the integer posts).
  const float = sql.raw(database.dialect === 'postgres' ? 'double precision' : 'real');
  const weight = (value: number) => sql`cast(${value} as ${float})`;
  const cap = sql`cast(${options.perAuthorPerDay} as integer)`;
  const capped = sql`case when daily.posts > ${cap} then ${cap} else daily.posts end`;
  const weighted = (w: number[], posts: typeof capped) =>
    sql<number>`sum(case daily.day when ${today} then ${posts} * ${weight(w[0]!)}
      when ${today - 1} then ${posts} * ${weight(w[1]!)} else ${posts} * ${weight(w[2]!)} end)`;
  const all = sql`daily.posts`;
  const growing = database.db
    .selectFrom('hashtag_daily_authors as daily')
    .innerJoin('hashtags', 'hashtags.id', 'daily.hashtag_id')
    .select(['hashtags.name', 'hashtags.post_count', 'hashtags.count_state'])
    .select([
      weighted(weights.current, capped).as('capped_now'),
      weighted(weights.previous, capped).as('capped_before'),
      weighted(weights.current, all).as('uses_now'),
      weighted(weights.previous, all).as('uses_before'),
      sql<number>`count(distinct case when daily.day >= ${today - 1} then daily.author end)`.as('authors'),
    ])
    .where('daily.day', '>=', today - 2)
    .where('daily.day', '<=', today)
    .where('hashtags.network', '=', options.network)
    .where('hashtags.banned', '=', 0)
    .where('hashtags.count_state', '<>', 'pending')
    .groupBy(['hashtags.id', 'hashtags.name', 'hashtags.post_count', 'hashtags.count_state'])
    .as('growing');
  const rows = await database.db
    .selectFrom(growing)
    .selectAll()
    .where('authors', '>=', options.minAuthors)
    .where('capped_now', '>=', options.minUses)
    .where(sql<boolean>`capped_now > capped_before`)
    .orderBy(sql`(capped_now - capped_before) / (capped_before + ${weight(options.prior)})`, 'desc')
    .orderBy('capped_now', 'desc')
    .orderBy('name')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    name: row.name,
    post_count: Number(row.post_count),
    count_state: row.count_state,
    current: Number(row.uses_now),
    previous: Number(row.uses_before),
    currentCapped: Number(row.capped_now),
    previousCapped: Number(row.capped_before),
    authors: Number(row.authors),
  }));
}
