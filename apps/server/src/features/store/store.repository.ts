import type { Transaction } from 'kysely';
import type { Database, DialectName } from '../../db/connect.js';
import { ConcurrentChangeError, retryOnConflict } from '../../db/retry-on-conflict.js';
import type { Tables } from '../../db/tables.js';
import { CaptionWordCounts } from './caption-word-counts.js';
import { type CrowdPostReport, recordCrowdPostReports } from './crowd-posts.repository.js';
import {
  addWordsOfPost,
  authorInBatch,
  chunksOf,
  DailyUses,
  type IngestBatch,
  mergeRepeat,
  newTagState,
  PostLinks,
  type PostToStore,
  type PostWriting,
  withoutRepeats,
} from './ingest-batch.js';
import { linkPendingPostsPostgres } from './pending-links-postgres.repository.js';
import { linkPendingPostsSqlite } from './pending-links-sqlite.repository.js';
import {
  addCaptionWords,
  addDailyUses,
  findOrCreateTags,
  insertLinks,
  insertPosts,
  pruneCaptionWords,
  updatePost,
} from './post-writes.repository.js';
import { itemUpserts, trustPendingTags } from './served-items.repository.js';
import { storeIngestSqlite } from './store-sqlite.repository.js';

export type { IngestBatch, PlaceToStore, PostToStore, ProfileToStore } from './ingest-batch.js';

export interface StoreOptions {
  /** Use the raw better-sqlite3 statements (default on SQLite); false forces the portable Kysely path. */
  fastPath?: boolean;
  /** Tag name -> id, shared across batches of one import (one network); filled only with committed ids. */
  tagIds?: Map<string, number>;
  /**
   * Bulk imports: store new posts without their links and daily uses (linked = 0); linkPendingPosts
   * then writes every pending link and use at once, sorted by key. Until then those posts count for
   * no tag (on PostgreSQL their tag and place links may be in a little earlier, see
   * linkPendingPostsPostgres).
   */
  deferLinks?: boolean;
}

/**
 * Writes a batch in one transaction, every tag and post on the batch's network. Repeating a batch
 * changes nothing but updated_at: posts are keyed by the network's post id, a link by (tag, post),
 * and a post's daily uses are counted when it is first stored.
 */
export async function storeIngest(
  database: Database,
  input: IngestBatch,
  options: StoreOptions = {},
): Promise<void> {
  const batch = withoutRepeats(input);
  const created = new Map<string, number>();
  const known = options.tagIds ?? new Map<string, number>();
  const writing: PostWriting = {
    tagIdOf: (name) => known.get(name) ?? created.get(name),
    created,
    linked: options.deferLinks ? 0 : 1,
    uses: new DailyUses(),
    words: new CaptionWordCounts(),
  };
  // Crowd batches are small, record who reported each post and must wait for a purge of its
  // submitter (crowd-posts.repository.ts): they take the portable path, whose transactions the
  // SQLite dialect runs one at a time.
  const useFastPath = (options.fastPath ?? database.sqlite !== undefined) && !batch.submittedBy;
  if (useFastPath && database.sqlite) {
    const profileQueries = itemUpserts(database.db, { ...batch, hashtags: [], places: [] });
    storeIngestSqlite(database.sqlite, batch, { profileQueries, writing });
  } else {
    const items = itemUpserts(database.db, batch);
    // Two bodies naming each other's tags can lock the same rows in opposite orders on PostgreSQL.
    await retryOnConflict(() => {
      created.clear();
      writing.uses = new DailyUses();
      writing.words = new CaptionWordCounts();
      return database.db.transaction().execute(async (trx) => {
        for (const query of items) await trx.executeQuery(query);
        await storePostsKysely(trx, batch, { ...writing, dialect: database.dialect });
        await addDailyUses(trx, writing.uses, batch);
        await addCaptionWords(trx, { network: batch.network, counts: writing.words });
      });
    });
  }
  if (options.tagIds) for (const [name, id] of created) options.tagIds.set(name, id);
  if (!batch.submittedBy) await trustPendingTags(database.db, batch);
}

// ---- Posts and links ----

/**
 * Portable multi-row statements (PostgreSQL, and SQLite when asked), through post-writes.repository.ts;
 * on PostgreSQL new tags and posts go in as arrays.
 */
async function storePostsKysely(
  trx: Transaction<Tables>,
  batch: IngestBatch,
  writing: PostWriting & { dialect: DialectName },
): Promise<void> {
  const posts = batch.posts ?? [];
  if (posts.length === 0) return;
  const { dialect } = writing;
  const postgres = dialect === 'postgres';
  const missing = new Set<string>();
  for (const post of posts)
    for (const name of post.hashtags) if (writing.tagIdOf(name) === undefined) missing.add(name);
  const newTag = {
    network: batch.network,
    postCount: -1,
    countState: newTagState(batch),
    countSource: null,
    now: batch.now,
  };
  const created = await findOrCreateTags(trx, { names: missing, tag: newTag, dialect });
  for (const [name, id] of created) writing.created.set(name, id);

  const links = new PostLinks();
  const reporter = batch.submittedBy ?? null;
  const reports: CrowdPostReport[] = [];
  const reportOf = (id: number, post: PostToStore, tagIds: readonly number[]) =>
    reports.push({ postId: id, owner: post.owner, placeId: post.placeId, tagIds: tagIds.join(',') });
  const sorted = [...posts].sort((a, b) => (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0));
  const ofBatch = {
    source: batch.source,
    submitted_by: batch.submittedBy ?? null,
    network: batch.network,
    linked: writing.linked,
  };
  for (const chunk of chunksOf(sorted, postgres ? 5000 : 500)) {
    const tagIdsOf = new Map(
      chunk.map((post) => [post.postId, post.hashtags.map((name) => writing.tagIdOf(name)!)]),
    );
    const rows = chunk.map((post) => ({
      post_id: post.postId,
      owner: post.owner,
      taken_at: post.takenAt,
      place_id: post.placeId,
      tag_ids: tagIdsOf.get(post.postId)!.join(','),
      langs: null,
    }));
    const inserted = await insertPosts(trx, { posts: rows, batch: ofBatch, dialect });
    const chunkById = new Map(chunk.map((post) => [post.postId, post]));
    const isNew = new Set<string>();
    for (const row of inserted) {
      isNew.add(row.post_id);
      addWordsOfPost(batch, writing.words, chunkById.get(row.post_id)!, tagIdsOf.get(row.post_id)!);
      const post = { id: row.id, takenAt: row.taken_at, placeId: row.place_id, owner: row.owner };
      if (writing.linked) {
        writing.uses.add(
          tagIdsOf.get(row.post_id)!,
          row.taken_at,
          authorInBatch(batch, chunkById.get(row.post_id)!),
        );
        links.addPost(post, tagIdsOf.get(row.post_id)!);
      }
      if (reporter !== null) reportOf(row.id, chunkById.get(row.post_id)!, tagIdsOf.get(row.post_id)!);
    }
    const repeats = chunk.filter((post) => !isNew.has(post.postId));
    if (repeats.length === 0) continue;
    let selectStored = trx
      .selectFrom('posts')
      .select(['id', 'post_id', 'owner', 'place_id', 'taken_at', 'tag_ids', 'linked', 'submitted_by'])
      .where('network', '=', batch.network)
      .where(
        'post_id',
        'in',
        repeats.map((post) => post.postId),
      )
      .orderBy('id');
    // PostgreSQL: a purge of the post's submitter waits for this batch, or this batch for the purge.
    if (postgres) selectStored = selectStored.forUpdate();
    const stored = await selectStored.execute();
    const storedById = new Map(stored.map((row) => [row.post_id, row]));
    for (const post of repeats) {
      const row = storedById.get(post.postId);
      // Removed by a purge since the insert found it: the batch is tried again and stores it anew.
      if (!row) throw new ConcurrentChangeError(`post ${post.postId} was removed meanwhile`);
      const tagIds = tagIdsOf.get(post.postId)!;
      const update = mergeRepeat(row, post, tagIds, {
        links,
        uses: writing.uses,
        reporter,
        crowdAuthor: batch.crowdAuthor,
      });
      if (update) await updatePost(trx, row.id, update);
      // A crowd post: the report is remembered, for when the account that created it is removed.
      if (reporter !== null && row.submitted_by !== null) reportOf(row.id, post, tagIds);
    }
  }
  await recordCrowdPostReports(trx, { submitter: reporter, reports, now: batch.now });

  await insertLinks(trx, links);
}

/**
 * Writes the links of every post stored with deferLinks (to its tags, place and owner) and its
 * tags' daily uses (and their posts per author, for the days trending can still read at `now`,
 * epoch ms), each table in key order so it is appended to, and marks those posts linked.
 * Returns how many posts it linked. SQLite: in transactions of 100,000 posts, sorted in memory
 * (pending-links-sqlite.repository.ts); PostgreSQL: each table in one sorted statement, the tag
 * and place links on a connection of their own (see linkPendingPostsPostgres).
 */
export async function linkPendingPosts(database: Database, options: { now: number }): Promise<number> {
  if (database.sqlite) return await linkPendingPostsSqlite(database.sqlite, options);
  return linkPendingPostsPostgres(database.db, options);
}

/**
 * After an import: the network's word rows that one person stands behind go (decision 030), whatever
 * their day, as a snapshot's posts will not be joined by others'. Answers how many rows went.
 */
export async function pruneImportedCaptionWords(database: Database, network: string): Promise<number> {
  return pruneCaptionWords(database.db, { network, lastDayBefore: 2 ** 31 - 1 });
}

export async function hasAnyPost(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
