import type { Network } from '@tagscout/core/networks';
import type { Transaction } from 'kysely';
import type { Database, DialectName } from '../../db/connect.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import type { Tables } from '../../db/tables.js';
import { CaptionWordCounts, isStreamWordSample } from '../store/caption-word-counts.js';
import { chunksOf, DailyUses, PostLinks } from '../store/ingest-batch.js';
import { authorOfPost } from '../store/post-author.js';
import { removePostsNamed } from '../store/post-removal.repository.js';
import {
  addCaptionWords,
  addDailyUses,
  findOrCreateTags,
  insertLinks,
  insertPosts,
  refreshTagCounts,
} from '../store/post-writes.repository.js';
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
  /** The post's text, for the word table when the post is stored (decision 030). */
  text?: string;
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

/**
 * Counts each post once by its network and id (stream_posts_seen), adds its tags' daily uses,
 * stores posts with two or more tags (with tag and owner links), removes deleted ones, refreshes the counts of the
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
      const fresh = await markSeen(trx, batch);
      result.counted = fresh.length;
      result.repeats = new Set(batch.posts.map((post) => post.postId)).size - fresh.length;
      const { dialect } = database;
      const tagIds = await findOrCreateTags(trx, {
        names: fresh.flatMap((post) => post.hashtags),
        tag: {
          network: batch.network,
          postCount: 0,
          countState: 'known',
          countSource: batch.source,
          now: batch.now,
        },
        dialect,
      });
      const uses = new DailyUses();
      const toStore: { post: StreamPost; ids: number[] }[] = [];
      for (const post of fresh) {
        const ids = post.hashtags.map((name) => tagIds.get(name)!);
        uses.add(ids, post.takenAt, streamAuthor(post));
        if (ids.length >= 2) toStore.push({ post, ids });
      }
      result.stored = await storePosts(trx, { batch, posts: toStore, dialect });
      await addDailyUses(trx, uses, batch);
      result.removed = await removePostsNamed(trx, {
        network: batch.network,
        postIds: batch.deletedPosts,
        owners: batch.deletedOwners,
      });
      await refreshTagCounts(trx, {
        ids: [...new Set(tagIds.values())],
        fromDay: batch.today - batch.countDays + 1,
        source: batch.source,
        now: batch.now,
        dialect,
      });
      if (batch.cursor) await writeStreamCursor(trx, batch.cursor, batch.now);
      return result;
    }),
  );
}

/** The batch's posts its network had not seen before (first of each id), now marked seen. */
async function markSeen(trx: Transaction<Tables>, batch: StreamBatch): Promise<StreamPost[]> {
  const first = new Map<string, StreamPost>();
  for (const post of batch.posts) if (!first.has(post.postId)) first.set(post.postId, post);
  const fresh: StreamPost[] = [];
  for (const chunk of chunksOf([...first.values()], 500)) {
    const inserted = await trx
      .insertInto('stream_posts_seen')
      .values(chunk.map((post) => ({ network: batch.network, post_id: post.postId, seen_at: post.seenAt })))
      .onConflict((oc) => oc.columns(['network', 'post_id']).doNothing())
      .returning('post_id')
      .execute();
    const isNew = new Set(inserted.map((row) => row.post_id));
    for (const post of chunk) if (isNew.has(post.postId)) fresh.push(post);
  }
  return fresh;
}

/** Stores the posts not stored yet, linked to their tags and owners; answers how many. */
async function storePosts(
  trx: Transaction<Tables>,
  options: {
    batch: StreamBatch;
    posts: readonly { post: StreamPost; ids: number[] }[];
    dialect: DialectName;
  },
): Promise<number> {
  const { batch } = options;
  const idsOf = new Map(options.posts.map(({ post, ids }) => [post.postId, ids]));
  const inserted = await insertPosts(trx, {
    posts: options.posts.map(({ post, ids }) => ({
      post_id: post.postId,
      owner: post.owner,
      taken_at: post.takenAt,
      place_id: null,
      tag_ids: ids.join(','),
      langs: post.langs.length > 0 ? post.langs.join(',') : null,
    })),
    batch: { source: batch.source, submitted_by: null, network: batch.network, linked: 1 },
    dialect: options.dialect,
  });
  const links = new PostLinks();
  const words = new CaptionWordCounts();
  const postOf = new Map(options.posts.map(({ post }) => [post.postId, post]));
  for (const row of inserted) {
    const ids = idsOf.get(row.post_id)!;
    links.addPost({ id: row.id, takenAt: row.taken_at, placeId: null, owner: row.owner }, ids);
    const post = postOf.get(row.post_id)!;
    if (isStreamWordSample(post.postId))
      words.add({
        text: post.text,
        langs: post.langs,
        tagIds: ids,
        author: streamAuthor(post),
        takenAt: post.takenAt,
      });
  }
  // Stream posts carry no place, so this writes tag and owner links only.
  await insertLinks(trx, links);
  await addCaptionWords(trx, { network: batch.network, counts: words });
  return inserted.length;
}

/** Who a stream's post counts as (store/post-author.ts): its owner on the network. */
export function streamAuthor(post: StreamPost): string {
  return authorOfPost({ submittedBy: null, owner: post.owner, postKey: post.postId });
}
