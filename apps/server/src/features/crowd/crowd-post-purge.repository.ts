import type { Transaction } from 'kysely';
import type { Database } from '../../db/connect.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import type { Tables } from '../../db/tables.js';
import { chunksOf, DailyUses, PostLinks } from '../store/ingest-batch.js';
import { addDailyUses, insertLinks } from '../store/post-links.repository.js';

/** What removing a submitter's post reports did. */
export interface PostPurgeResult {
  /** Crowd posts removed: the account created them and no one else reported them. */
  posts: number;
  /** Crowd posts the account created that others reported too: kept, as the next reporter sent them. */
  postsHandedOn: number;
}

interface PostVersion {
  id: number;
  taken_at: number;
  owner: string | null;
  place_id: string | null;
  tag_ids: string;
}

/**
 * Removes every post report of one submitter (decision 011). A post it created goes with its links
 * and the daily uses it counted, unless another account reported it too: then it becomes that
 * account's post (the earliest such report), as that account sent it. Posts it did not create are
 * left as they are. Posts are taken `batch` at a time, each batch in one transaction that first locks
 * the posts' rows (PostgreSQL; the SQLite dialect runs transactions one at a time), as a crowd ingest
 * of a stored post does, so a purge, a second purge and new reports change each post one after another.
 */
export async function purgeSubmitterPosts(
  database: Database,
  options: { submitter: string; batch?: number },
): Promise<PostPurgeResult> {
  const total: PostPurgeResult = { posts: 0, postsHandedOn: 0 };
  const batch = options.batch ?? 200;
  for (;;) {
    const rows = await database.db
      .selectFrom('crowd_post_reports')
      .select('post_id')
      .where('submitter', '=', options.submitter)
      .orderBy('post_id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return total;
    const ids = rows.map((row) => row.post_id);
    const done = await retryOnConflict(() =>
      database.db.transaction().execute(async (trx) => {
        if (database.dialect === 'postgres')
          await trx
            .selectFrom('posts')
            .select('id')
            .where('id', 'in', ids)
            .orderBy('id')
            .forUpdate()
            .execute();
        return purgePosts(trx, { submitter: options.submitter, ids });
      }),
    );
    total.posts += done.posts;
    total.postsHandedOn += done.postsHandedOn;
  }
}

async function purgePosts(
  trx: Transaction<Tables>,
  options: { submitter: string; ids: readonly number[] },
): Promise<PostPurgeResult> {
  const { submitter } = options;
  // Only the reports this transaction removed: a concurrent purge may have taken some already.
  const removed = await trx
    .deleteFrom('crowd_post_reports')
    .where('submitter', '=', submitter)
    .where('post_id', 'in', options.ids)
    .returning('post_id')
    .execute();
  const result: PostPurgeResult = { posts: 0, postsHandedOn: 0 };
  if (removed.length === 0) return result;
  const created = await trx
    .selectFrom('posts')
    .select(['id', 'taken_at', 'owner', 'place_id', 'tag_ids'])
    .where(
      'id',
      'in',
      removed.map((row) => row.post_id),
    )
    .where('submitted_by', '=', submitter)
    .orderBy('id')
    .execute();
  if (created.length === 0) return result;
  const nextReports = await trx
    .selectFrom('crowd_post_reports')
    .select(['post_id', 'submitter', 'owner', 'place_id', 'tag_ids'])
    .where(
      'post_id',
      'in',
      created.map((post) => post.id),
    )
    .orderBy('post_id')
    .orderBy('reported_at')
    .orderBy('submitter')
    .execute();
  const nextOf = new Map<number, (typeof nextReports)[number]>();
  for (const report of nextReports) if (!nextOf.has(report.post_id)) nextOf.set(report.post_id, report);

  const uses = new DailyUses();
  const links = new PostLinks();
  const gone: number[] = [];
  for (const post of created) {
    await unlink(trx, post);
    uses.add(tagIdsOf(post), post.taken_at, -1);
    const next = nextOf.get(post.id);
    if (!next) {
      gone.push(post.id);
      continue;
    }
    const handed = { ...post, owner: next.owner, place_id: next.place_id, tag_ids: next.tag_ids };
    await trx
      .updateTable('posts')
      .set({
        submitted_by: next.submitter,
        owner: next.owner,
        place_id: next.place_id,
        tag_ids: next.tag_ids,
      })
      .where('id', '=', post.id)
      .execute();
    links.addPost(
      { id: post.id, takenAt: post.taken_at, placeId: next.place_id, owner: next.owner },
      tagIdsOf(handed),
    );
    uses.add(tagIdsOf(handed), post.taken_at);
    result.postsHandedOn++;
  }
  for (const chunk of chunksOf(gone, 500)) await trx.deleteFrom('posts').where('id', 'in', chunk).execute();
  result.posts = gone.length;
  await insertLinks(trx, links);
  await addDailyUses(trx, uses);
  // A day a removed post alone had counted is no longer a day with uses.
  const touched = [...new Set(uses.rows().map(([tagId]) => tagId))];
  for (const chunk of chunksOf(touched, 500))
    await trx
      .deleteFrom('hashtag_daily_uses')
      .where('hashtag_id', 'in', chunk)
      .where('uses', '<=', 0)
      .execute();
  return result;
}

/** Removes a post's links to its tags, place and owner (each by its key). */
async function unlink(trx: Transaction<Tables>, post: PostVersion): Promise<void> {
  for (const tagId of tagIdsOf(post)) {
    await trx
      .deleteFrom('post_hashtags')
      .where('hashtag_id', '=', tagId)
      .where('taken_at', '=', post.taken_at)
      .where('post_id', '=', post.id)
      .execute();
  }
  if (post.place_id !== null) {
    await trx
      .deleteFrom('post_places')
      .where('place_id', '=', post.place_id)
      .where('taken_at', '=', post.taken_at)
      .where('post_id', '=', post.id)
      .execute();
  }
  if (post.owner !== null) {
    await trx
      .deleteFrom('post_owners')
      .where('owner', '=', post.owner)
      .where('taken_at', '=', post.taken_at)
      .where('post_id', '=', post.id)
      .execute();
  }
}

function tagIdsOf(post: Pick<PostVersion, 'tag_ids'>): number[] {
  return post.tag_ids === '' ? [] : post.tag_ids.split(',').map(Number);
}
