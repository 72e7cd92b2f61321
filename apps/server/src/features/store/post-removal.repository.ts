import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { chunksOf } from './ingest-batch.js';
import { type LinkedPost, tagIdsOfPost } from './post-rows.js';

/*
 * Removing posts, through Kysely in the caller's transaction: their links, the posts, and old daily
 * uses; the other half of post-writes.repository.ts's write path (the prepared statements of
 * post-writes-sqlite.repository.ts remove a stream's deleted posts on SQLite). Callers: a stream's
 * batches and retention (stream/), a crowd submitter's purge (crowd/).
 */

/** Removes posts with their links; the uses they counted stay. Answers how many. */
export async function removePosts(trx: Transaction<Tables>, rows: readonly LinkedPost[]): Promise<number> {
  await unlinkPosts(trx, rows);
  await deletePosts(
    trx,
    rows.map((row) => row.id),
  );
  return rows.length;
}

/** Removes posts' links to their tags, place and owner (each by its full key: one primary-key lookup). */
export async function unlinkPosts(trx: Transaction<Tables>, rows: readonly LinkedPost[]): Promise<void> {
  for (const row of rows) {
    for (const tagId of tagIdsOfPost(row)) {
      await trx
        .deleteFrom('post_hashtags')
        .where('hashtag_id', '=', tagId)
        .where('taken_at', '=', row.taken_at)
        .where('post_id', '=', row.id)
        .execute();
    }
    if (row.place_id !== null) {
      await trx
        .deleteFrom('post_places')
        .where('place_id', '=', row.place_id)
        .where('taken_at', '=', row.taken_at)
        .where('post_id', '=', row.id)
        .execute();
    }
    if (row.owner !== null) {
      await trx
        .deleteFrom('post_owners')
        .where('owner', '=', row.owner)
        .where('taken_at', '=', row.taken_at)
        .where('post_id', '=', row.id)
        .execute();
    }
  }
}

/** Deletes posts whose links are gone already. */
export async function deletePosts(trx: Transaction<Tables>, ids: readonly number[]): Promise<void> {
  for (const chunk of chunksOf(ids, 500)) await trx.deleteFrom('posts').where('id', 'in', chunk).execute();
}

const LINKED_POST = ['posts.id', 'posts.taken_at', 'posts.tag_ids', 'posts.owner', 'posts.place_id'] as const;

/**
 * Removes the network's posts with these post ids or owners, with their links; the uses they
 * counted stay. Answers how many it removed.
 */
export async function removePostsNamed(
  trx: Transaction<Tables>,
  options: { network: string; postIds: readonly string[]; owners: readonly string[] },
): Promise<number> {
  const rows: LinkedPost[] = [];
  for (const chunk of chunksOf(options.postIds, 500)) {
    rows.push(
      ...(await trx
        .selectFrom('posts')
        .select(LINKED_POST)
        .where('post_id', 'in', chunk)
        .where('network', '=', options.network)
        .execute()),
    );
  }
  for (const chunk of chunksOf(options.owners, 100)) {
    rows.push(
      ...(await trx
        .selectFrom('post_owners')
        .innerJoin('posts', 'posts.id', 'post_owners.post_id')
        .select(LINKED_POST)
        .where('post_owners.owner', 'in', chunk)
        .where('posts.network', '=', options.network)
        .execute()),
    );
  }
  return removePosts(trx, [...new Map(rows.map((row) => [row.id, row])).values()]);
}

/** Removes up to `limit` of the network's posts taken before `before` (epoch s), oldest first, with their links. */
export async function removePostsTakenBefore(
  trx: Transaction<Tables>,
  options: { network: string; before: number; limit: number },
): Promise<number> {
  const rows = await trx
    .selectFrom('posts')
    .select(LINKED_POST)
    .where('network', '=', options.network)
    .where('taken_at', '<', options.before)
    .orderBy('taken_at')
    .limit(options.limit)
    .execute();
  return removePosts(trx, rows);
}

/** Of the posts with these row ids, those the account created (crowd posts), in id order. */
export async function findPostsSubmittedBy(
  trx: Transaction<Tables>,
  options: { ids: readonly number[]; submitter: string },
): Promise<(LinkedPost & { post_id: string })[]> {
  if (options.ids.length === 0) return [];
  return trx
    .selectFrom('posts')
    .select([...LINKED_POST, 'post_id'])
    .where('id', 'in', options.ids)
    .where('submitted_by', '=', options.submitter)
    .orderBy('id')
    .execute();
}

/** PostgreSQL: locks the posts' rows (in id order) until the transaction ends. */
export async function lockPosts(trx: Transaction<Tables>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.selectFrom('posts').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** The network's tag ids after `afterId`, `limit` of them in id order; only those counted by `source` if given. */
export async function findTagIdsAfter(
  db: Kysely<Tables>,
  options: { network: string; afterId: number; limit: number; source?: string },
): Promise<number[]> {
  let query = db
    .selectFrom('hashtags')
    .select('id')
    .where('network', '=', options.network)
    .where('id', '>', options.afterId);
  if (options.source !== undefined) query = query.where('count_source', '=', options.source);
  const rows = await query.orderBy('id').limit(options.limit).execute();
  return rows.map((row) => row.id);
}

/** Deletes the tags' daily uses before `beforeDay` and their daily posts per author before `authorsBeforeDay` (primary-key ranges). */
export async function removeDailyUsesBefore(
  db: Kysely<Tables>,
  options: { tagIds: readonly number[]; beforeDay: number; authorsBeforeDay: number },
): Promise<void> {
  if (options.tagIds.length === 0) return;
  await db
    .deleteFrom('hashtag_daily_uses')
    .where('hashtag_id', 'in', options.tagIds)
    .where('day', '<', options.beforeDay)
    .execute();
  await db
    .deleteFrom('hashtag_daily_authors')
    .where('hashtag_id', 'in', options.tagIds)
    .where('day', '<', options.authorsBeforeDay)
    .execute();
}
