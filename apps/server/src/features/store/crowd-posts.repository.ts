import type { Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { chunksOf } from './ingest-batch.js';

/** One account's report of one crowd post, as it sent it (tag ids as posts.tag_ids). */
export interface CrowdPostReport {
  /** posts.id */
  postId: number;
  owner: string | null;
  placeId: string | null;
  tagIds: string;
}

/**
 * Remembers who reported each crowd post and what it sent (decision 011): the post keeps its first
 * reporter's version, the others' wait for that account to be removed. Inside the batch's transaction.
 */
export async function recordCrowdPostReports(
  trx: Transaction<Tables>,
  options: { submitter: string | null; reports: readonly CrowdPostReport[]; now: number },
): Promise<void> {
  const { submitter, now } = options;
  if (submitter === null || options.reports.length === 0) return;
  const reports = [...options.reports].sort((a, b) => a.postId - b.postId);
  for (const chunk of chunksOf(reports, 500)) {
    await trx
      .insertInto('crowd_post_reports')
      .values(
        chunk.map((report) => ({
          post_id: report.postId,
          submitter,
          owner: report.owner,
          place_id: report.placeId,
          tag_ids: report.tagIds,
          reported_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['post_id', 'submitter']).doUpdateSet((eb) => ({
          owner: eb.ref('excluded.owner'),
          place_id: eb.ref('excluded.place_id'),
          tag_ids: eb.ref('excluded.tag_ids'),
          reported_at: eb.ref('excluded.reported_at'),
        })),
      )
      .execute();
  }
}
