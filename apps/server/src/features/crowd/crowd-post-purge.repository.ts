import type { Transaction } from 'kysely';
import type { Database } from '../../db/connect.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import type { Tables } from '../../db/tables.js';
import { DailyUses, PostLinks } from '../store/ingest-batch.js';
import { authorOfPost, type CrowdAuthor } from '../store/post-author.js';
import {
  deletePosts,
  findPostsSubmittedBy,
  lockPosts,
  unlinkPosts,
} from '../store/post-removal.repository.js';
import { tagIdsOfPost } from '../store/post-rows.js';
import { addDailyUses, insertLinks, updatePost } from '../store/post-writes.repository.js';
import { CROWD_NETWORK } from './crowd-rule.js';

/** What removing a submitter's post reports did. */
export interface PostPurgeResult {
  /** Crowd posts removed: the account created them and no one else reported them. */
  posts: number;
  /** Crowd posts the account created that others reported too: kept, as the next reporter sent them. */
  postsHandedOn: number;
}

/**
 * Removes every post report of one submitter (decision 011). A post it created goes with its links
 * and the daily uses it counted, unless another account reported it too: then it becomes that
 * account's post (the earliest such report), as that account sent it. Posts it did not create are
 * left as they are. Posts are taken `batch` at a time, each batch in one transaction that first locks
 * the posts' rows (PostgreSQL; the SQLite dialect runs transactions one at a time), as a crowd ingest
 * of a stored post does, so a purge, a second purge and new reports change each post one after another.
 * `now` (epoch ms): which days' author rows a post handed on adds (decision 034).
 */
export async function purgeSubmitterPosts(
  database: Database,
  options: { submitter: string; now: number; batch?: number; crowdAuthor?: CrowdAuthor },
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
        if (database.dialect === 'postgres') await lockPosts(trx, ids);
        return purgePosts(trx, {
          submitter: options.submitter,
          ids,
          crowdAuthor: options.crowdAuthor,
          now: options.now,
        });
      }),
    );
    total.posts += done.posts;
    total.postsHandedOn += done.postsHandedOn;
  }
}

async function purgePosts(
  trx: Transaction<Tables>,
  options: { submitter: string; ids: readonly number[]; crowdAuthor?: CrowdAuthor; now: number },
): Promise<PostPurgeResult> {
  const { submitter, crowdAuthor } = options;
  // Only the reports this transaction removed: a concurrent purge may have taken some already.
  const removed = await trx
    .deleteFrom('crowd_post_reports')
    .where('submitter', '=', submitter)
    .where('post_id', 'in', options.ids)
    .returning('post_id')
    .execute();
  const result: PostPurgeResult = { posts: 0, postsHandedOn: 0 };
  if (removed.length === 0) return result;
  const created = await findPostsSubmittedBy(trx, {
    ids: removed.map((row) => row.post_id),
    submitter,
  });
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
  await unlinkPosts(trx, created);
  for (const post of created) {
    const author = (submittedBy: string, owner: string | null) =>
      authorOfPost({ submittedBy, owner, postKey: post.post_id }, crowdAuthor);
    uses.add(tagIdsOfPost(post), post.taken_at, author(submitter, post.owner), -1);
    const next = nextOf.get(post.id);
    if (!next) {
      gone.push(post.id);
      continue;
    }
    await updatePost(trx, post.id, {
      submitted_by: next.submitter,
      owner: next.owner,
      place_id: next.place_id,
      tag_ids: next.tag_ids,
    });
    links.addPost(
      { id: post.id, takenAt: post.taken_at, placeId: next.place_id, owner: next.owner },
      tagIdsOfPost(next),
    );
    uses.add(tagIdsOfPost(next), post.taken_at, author(next.submitter, next.owner));
    result.postsHandedOn++;
  }
  await deletePosts(trx, gone);
  result.posts = gone.length;
  await insertLinks(trx, links);
  // Takes back what the removed versions counted; a day a removed post alone had counted goes.
  await addDailyUses(trx, uses, { network: CROWD_NETWORK, now: options.now });
  return result;
}
