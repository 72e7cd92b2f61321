import type { Network } from '@tagscout/core/networks';
import type { Database } from '../../db/connect.js';
import { refreshCounts, removePosts } from './stream.repository.js';

/** Removes up to `limit` of the network's stored posts taken before `before` (epoch s), oldest first. */
export async function pruneStreamPosts(
  database: Database,
  options: { network: Network; before: number; limit: number },
): Promise<number> {
  return database.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('posts')
      .select(['id', 'taken_at', 'tag_ids', 'owner'])
      .where('network', '=', options.network)
      .where('taken_at', '<', options.before)
      .orderBy('taken_at')
      .limit(options.limit)
      .execute();
    return removePosts(trx, rows);
  });
}

/** Forgets up to `limit` post ids seen before `before` (epoch s): replays never reach that far back. */
export async function pruneSeenPosts(
  database: Database,
  options: { before: number; limit: number },
): Promise<number> {
  const result = await database.db
    .deleteFrom('stream_posts_seen')
    .where('post_id', 'in', (eb) =>
      eb
        .selectFrom('stream_posts_seen')
        .select('post_id')
        .where('seen_at', '<', options.before)
        .limit(options.limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The network's tag ids after `afterId`, `limit` of them in id order; only those counted by `source` if given. */
async function tagIdsAfter(
  database: Database,
  options: { network: Network; afterId: number; limit: number; source?: string },
) {
  let query = database.db
    .selectFrom('hashtags')
    .select('id')
    .where('network', '=', options.network)
    .where('id', '>', options.afterId);
  if (options.source !== undefined) query = query.where('count_source', '=', options.source);
  const rows = await query.orderBy('id').limit(options.limit).execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes daily uses before `beforeDay` of up to `limit` of the network's tags after `afterId`
 * (primary-key ranges); answers the last tag id done, undefined once every tag is done.
 */
export async function pruneDailyUses(
  database: Database,
  options: { network: Network; beforeDay: number; afterId: number; limit: number },
): Promise<number | undefined> {
  const ids = await tagIdsAfter(database, options);
  if (ids.length === 0) return undefined;
  await database.db
    .deleteFrom('hashtag_daily_uses')
    .where('hashtag_id', 'in', ids)
    .where('day', '<', options.beforeDay)
    .execute();
  return ids.at(-1);
}

/**
 * Sets the counts of up to `limit` of the network's tags counted by `source` after `afterId` (tags
 * kept only to be flagged banned are left alone) to their uses from
 * `fromDay` on (a new day drops the oldest day of every tag's window); answers the last tag id
 * done, undefined once every tag is done.
 */
export async function refreshWindowCounts(
  database: Database,
  options: { network: Network; fromDay: number; afterId: number; limit: number; source: string; now: number },
): Promise<number | undefined> {
  const ids = await tagIdsAfter(database, options);
  if (ids.length === 0) return undefined;
  await database.db.transaction().execute((trx) => refreshCounts(trx, { ...options, ids }));
  return ids.at(-1);
}
