import type { Network } from '@tagscout/core/networks';
import type { Database } from '../../db/connect.js';
import {
  findTagIdsAfter,
  removeDailyUsesBefore,
  removePostsTakenBefore,
} from '../store/post-removal.repository.js';
import { pruneCaptionWords, refreshTagCounts } from '../store/post-writes.repository.js';

/** Removes up to `limit` of the network's stored posts taken before `before` (epoch s), oldest first. */
export async function pruneStreamPosts(
  database: Database,
  options: { network: Network; before: number; limit: number },
): Promise<number> {
  return database.db.transaction().execute((trx) => removePostsTakenBefore(trx, options));
}

/** Drops the network's word rows one person stands behind, not renewed since `lastDayBefore` (decision 030). */
export async function pruneStreamWords(
  database: Database,
  options: { network: Network; lastDayBefore: number },
): Promise<number> {
  return pruneCaptionWords(database.db, options);
}

/**
 * Forgets up to `limit` of the network's post ids seen before `before` (epoch s): its stream's
 * replays never reach that far back.
 */
export async function pruneSeenPosts(
  database: Database,
  options: { network: Network; before: number; limit: number },
): Promise<number> {
  const result = await database.db
    .deleteFrom('stream_posts_seen')
    .where('network', '=', options.network)
    .where('post_id', 'in', (eb) =>
      eb
        .selectFrom('stream_posts_seen')
        .select('post_id')
        .where('network', '=', options.network)
        .where('seen_at', '<', options.before)
        .limit(options.limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes daily uses before `beforeDay`, and daily posts per author before `authorsBeforeDay` (kept
 * for the days trending reads), of up to `limit` of the network's tags after `afterId` (primary-key
 * ranges); answers the last tag id done, undefined once every tag is done.
 */
export async function pruneDailyUses(
  database: Database,
  options: { network: Network; beforeDay: number; authorsBeforeDay: number; afterId: number; limit: number },
): Promise<number | undefined> {
  const ids = await findTagIdsAfter(database.db, options);
  if (ids.length === 0) return undefined;
  await removeDailyUsesBefore(database.db, {
    tagIds: ids,
    beforeDay: options.beforeDay,
    authorsBeforeDay: options.authorsBeforeDay,
  });
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
  const ids = await findTagIdsAfter(database.db, options);
  if (ids.length === 0) return undefined;
  await database.db
    .transaction()
    .execute((trx) => refreshTagCounts(trx, { ...options, ids, dialect: database.dialect }));
  return ids.at(-1);
}
