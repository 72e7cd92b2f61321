import type { Database } from '../../db/connect.js';
import { findReportsOfSubmitter, type PurgeResult, purgeSubmitterReports } from './crowd.repository.js';
import { type PostPurgeResult, purgeSubmitterPosts } from './crowd-post-purge.repository.js';
import { type CrowdRule, crowdDeciding } from './crowd-rule.js';
import { CROWD_STORES } from './crowd-subjects.repository.js';

export type { PurgeResult } from './crowd.repository.js';
export type { PostPurgeResult } from './crowd-post-purge.repository.js';

/**
 * Undoes one submitter (an administrator's call, decision 011): every report it sent, pending or
 * agreed, is removed, and each item it reported on is decided again from the others' reports. A
 * value that no longer has agreement goes back to what was served before the crowd's (a never-seen
 * place or profile to being looked up); values written since by anyone else stay. Its crowd posts
 * go too, and what they counted, but for those another account reported as well: they become that
 * account's, as it sent them.
 */
export async function purgeSubmitter(
  database: Database,
  options: { submitter: string; rule: CrowdRule; now: number },
): Promise<PurgeResult & PostPurgeResult> {
  const { now } = options;
  const { since } = crowdDeciding('hashtag', { rule: options.rule, now, restore: true });
  const reports = await purgeSubmitterReports(database, {
    submitter: options.submitter,
    stores: CROWD_STORES,
    since,
    now,
    decideFor: (subject) => crowdDeciding(subject, { rule: options.rule, now, restore: true }).decide,
  });
  const posts = await purgeSubmitterPosts(database, {
    submitter: options.submitter,
    now,
    // The posts counted as crowd.service counted them (decision 025).
    crowdAuthor: options.rule.quorum > 1 ? 'submitter' : 'owner',
  });
  return { ...reports, ...posts };
}

/** For "download my data": the reports one account sent (values as it sent them) and its crowd posts. */
export async function exportSubmitterReports(database: Database, submitter: string) {
  const { rows, posts } = await findReportsOfSubmitter(database, submitter);
  return {
    reports: rows.map((row) => ({
      subject: row.subject,
      network: row.network,
      item: row.item,
      field: row.field,
      value: JSON.parse(row.value) as unknown,
      reportedAt: Number(row.reported_at),
    })),
    posts: posts.map((post) => ({
      postId: Number(post.post_id),
      owner: post.owner,
      placeId: post.place_id,
      tagIds: post.tag_ids,
      reportedAt: Number(post.reported_at),
    })),
  };
}
