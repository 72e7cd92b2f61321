import type { Network } from '@tagscout/core/networks';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connect.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import type { Tables } from '../../db/tables.js';
import { chunksOf, DailyUses, PostLinks } from '../store/ingest-batch.js';
import { addDailyUses, insertLinks } from '../store/post-links.repository.js';
import { type StreamCursor, writeStreamCursor } from './stream-cursor.repository.js';
import { storeStreamBatchSqlite } from './stream-sqlite.repository.js';

/** A post from a stream: its tags normalised, at least one. */
export interface StreamPost {
  postId: string;
  owner: string;
  /** Epoch seconds. */
  takenAt: number;
  hashtags: readonly string[];
  langs: readonly string[];
  /** Epoch seconds the stream saw it. */
  seenAt: number;
}

/** What one stream batch writes, in one transaction. */
export interface StreamBatch {
  network: Network;
  /** count_source of the counts it refreshes, and the posts' source. */
  source: string;
  posts: readonly StreamPost[];
  /** Post ids the network deleted. */
  deletedPosts: readonly string[];
  /** Owners whose stored posts go (accounts deleted or taken down). */
  deletedOwners: readonly string[];
  /** A tag's count is its uses over this many days up to `today` (Bluesky: 7). */
  countDays: number;
  /** Days since 1970 (UTC) of "now". */
  today: number;
  /** Epoch ms. */
  now: number;
  /** The stream's resume point after this batch, written in the same transaction. */
  cursor?: StreamCursor;
}

export interface StreamIngestResult {
  /** Posts counted for the first time (replays excluded). */
  counted: number;
  /** Of those, posts stored for related tags (two or more tags). */
  stored: number;
  /** Posts already counted (replayed events). */
  repeats: number;
  /** Stored posts removed by deletes. */
  removed: number;
}

interface PostRow {
  id: number;
  taken_at: number;
  tag_ids: string;
  owner: string | null;
}

/**
 * Counts each post once by its id (stream_posts_seen), adds its tags' daily uses, stores posts with
 * two or more tags (with tag and owner links), removes deleted ones, refreshes the counts of the
 * tags it touched to their uses over the window, and moves the stream's cursor past the batch. On SQLite the prepared statements of
 * stream-sqlite.repository.ts do it unless `fastPath` is false (tests compare the two).
 */
export async function storeStreamBatch(
  database: Database,
  batch: StreamBatch,
  options: { fastPath?: boolean } = {},
): Promise<StreamIngestResult> {
  const { sqlite } = database;
  if (sqlite && options.fastPath !== false) {
    // Holding Kysely's connection keeps its transactions (background upkeep) off the handle meanwhile.
    return database.db.connection().execute(async () => storeStreamBatchSqlite(sqlite, batch));
  }
  return retryOnConflict(() =>
    database.db.transaction().execute(async (trx) => {
      const result: StreamIngestResult = { counted: 0, stored: 0, repeats: 0, removed: 0 };
      const fresh = await markSeen(trx, batch.posts);
      result.counted = fresh.length;
      result.repeats = new Set(batch.posts.map((post) => post.postId)).size - fresh.length;
      const tagIds = await resolveTags(trx, batch, fresh);
      const uses = new DailyUses();
      const toStore: { post: StreamPost; ids: number[] }[] = [];
      for (const post of fresh) {
        const ids = post.hashtags.map((name) => tagIds.get(name)!);
        uses.add(ids, post.takenAt);
        if (ids.length >= 2) toStore.push({ post, ids });
      }
      result.stored = await storePosts(trx, batch, toStore);
      await addDailyUses(trx, uses);
      result.removed = await removePosts(trx, await postsToRemove(trx, batch));
      await refreshCounts(trx, {
        ids: [...new Set(tagIds.values())],
        fromDay: batch.today - batch.countDays + 1,
        source: batch.source,
        now: batch.now,
      });
      if (batch.cursor) await writeStreamCursor(trx, batch.cursor, batch.now);
      return result;
    }),
  );
}

/** The posts not seen before (first of each id), now marked seen. */
async function markSeen(trx: Transaction<Tables>, posts: readonly StreamPost[]): Promise<StreamPost[]> {
  const first = new Map<string, StreamPost>();
  for (const post of posts) if (!first.has(post.postId)) first.set(post.postId, post);
  const fresh: StreamPost[] = [];
  for (const chunk of chunksOf([...first.values()], 500)) {
    const inserted = await trx
      .insertInto('stream_posts_seen')
      .values(chunk.map((post) => ({ post_id: post.postId, seen_at: post.seenAt })))
      .onConflict((oc) => oc.column('post_id').doNothing())
      .returning('post_id')
      .execute();
    const isNew = new Set(inserted.map((row) => row.post_id));
    for (const post of chunk) if (isNew.has(post.postId)) fresh.push(post);
  }
  return fresh;
}

/** Tag name -> id on the batch's network, creating the missing ones (in name order, for lock order). */
async function resolveTags(
  trx: Transaction<Tables>,
  batch: StreamBatch,
  posts: readonly StreamPost[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const names = [...new Set(posts.flatMap((post) => post.hashtags))].sort();
  for (const chunk of chunksOf(names, 500)) {
    const select = () =>
      trx
        .selectFrom('hashtags')
        .select(['id', 'name'])
        .where('network', '=', batch.network)
        .where('name', 'in', chunk)
        .execute();
    for (const row of await select()) ids.set(row.name, row.id);
    const missing = chunk.filter((name) => !ids.has(name));
    if (missing.length === 0) continue;
    await trx
      .insertInto('hashtags')
      .values(
        missing.map((name) => ({
          network: batch.network,
          name,
          post_count: 0,
          count_state: 'known' as const,
          count_source: batch.source,
          banned: 0,
          updated_at: batch.now,
        })),
      )
      .onConflict((oc) => oc.columns(['network', 'name']).doNothing())
      .execute();
    for (const row of await select()) ids.set(row.name, row.id);
  }
  return ids;
}

async function storePosts(
  trx: Transaction<Tables>,
  batch: StreamBatch,
  posts: readonly { post: StreamPost; ids: number[] }[],
): Promise<number> {
  const links = new PostLinks();
  let stored = 0;
  for (const chunk of chunksOf(posts, 400)) {
    const idsOf = new Map(chunk.map(({ post, ids }) => [post.postId, ids]));
    const inserted = await trx
      .insertInto('posts')
      .values(
        chunk.map(({ post, ids }) => ({
          post_id: post.postId,
          owner: post.owner,
          taken_at: post.takenAt,
          place_id: null,
          source: batch.source,
          network: batch.network,
          tag_ids: ids.join(','),
          linked: 1,
          langs: post.langs.length > 0 ? post.langs.join(',') : null,
        })),
      )
      .onConflict((oc) => oc.column('post_id').doNothing())
      .returning(['id', 'post_id', 'taken_at', 'owner'])
      .execute();
    stored += inserted.length;
    for (const row of inserted) {
      links.addPost(
        { id: row.id, takenAt: row.taken_at, placeId: null, owner: row.owner },
        idsOf.get(row.post_id)!,
      );
    }
  }
  // Stream posts carry no place, so this writes tag and owner links only.
  await insertLinks(trx, links);
  return stored;
}

/** Stored posts of the batch's network that its deletes name, directly or by owner. */
async function postsToRemove(trx: Transaction<Tables>, batch: StreamBatch): Promise<PostRow[]> {
  const rows: PostRow[] = [];
  for (const chunk of chunksOf(batch.deletedPosts, 500)) {
    rows.push(
      ...(await trx
        .selectFrom('posts')
        .select(['id', 'taken_at', 'tag_ids', 'owner'])
        .where('post_id', 'in', chunk)
        .where('network', '=', batch.network)
        .execute()),
    );
  }
  for (const chunk of chunksOf(batch.deletedOwners, 100)) {
    rows.push(
      ...(await trx
        .selectFrom('post_owners')
        .innerJoin('posts', 'posts.id', 'post_owners.post_id')
        .select(['posts.id', 'posts.taken_at', 'posts.tag_ids', 'posts.owner'])
        .where('post_owners.owner', 'in', chunk)
        .where('posts.network', '=', batch.network)
        .execute()),
    );
  }
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

/** Removes posts with their links (each link by its full key: one primary-key lookup). */
export async function removePosts(trx: Transaction<Tables>, rows: readonly PostRow[]): Promise<number> {
  for (const row of rows) {
    for (const tagId of row.tag_ids === '' ? [] : row.tag_ids.split(',').map(Number)) {
      await trx
        .deleteFrom('post_hashtags')
        .where('hashtag_id', '=', tagId)
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
  for (const chunk of chunksOf(rows, 500)) {
    await trx
      .deleteFrom('posts')
      .where(
        'id',
        'in',
        chunk.map((row) => row.id),
      )
      .execute();
  }
  return rows.length;
}

/** Sets each tag's count to its uses from `fromDay` on (one primary-key range per tag). */
export async function refreshCounts(
  trx: Transaction<Tables>,
  options: { ids: readonly number[]; fromDay: number; source: string; now: number },
): Promise<void> {
  const ids = [...options.ids].sort((a, b) => a - b);
  for (const chunk of chunksOf(ids, 500)) {
    await trx
      .updateTable('hashtags')
      .set({
        post_count: sql<number>`coalesce((select sum(d.uses) from hashtag_daily_uses d
          where d.hashtag_id = hashtags.id and d.day >= ${options.fromDay}), 0)`,
        count_state: 'known',
        count_source: options.source,
        updated_at: options.now,
      })
      .where('id', 'in', chunk)
      .execute();
  }
}
