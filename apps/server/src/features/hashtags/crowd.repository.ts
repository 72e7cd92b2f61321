import { sql } from 'kysely';
import type { Database } from '../../db/connect.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import { chunksOf } from './ingest-batch.js';

/** Who sent a crowd report: a registered account, from a device and an address. */
export interface Submitter {
  userId: string;
  deviceId: string | null;
  address: string;
}

/** A stored report, as the agreement rule reads it. */
export interface StoredCountReport {
  hashtag: string;
  submitter: string;
  address: string;
  count: number;
  reportedAt: number;
}

/**
 * Records one submitter's counts for tags of a network and serves the value that enough
 * submitters now agree on (`agree` decides, from every report newer than `since`). A tag never seen
 * before is added as `pending`: answered as being looked up, never suggested. In one transaction
 * that first locks the tags' rows, so concurrent submitters of one tag are decided one after another
 * and each sees the others' reports.
 */
export async function recordCountReports(
  database: Database,
  options: {
    network: string;
    counts: readonly { name: string; count: number }[];
    submitter: Submitter;
    now: number;
    since: number;
    agree: (reports: StoredCountReport[]) => number | undefined;
  },
): Promise<{ agreed: number }> {
  const { network, submitter, now } = options;
  const counts = [...new Map(options.counts.map((tag) => [tag.name, tag.count])).entries()].sort(
    ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0),
  );
  if (counts.length === 0) return { agreed: 0 };
  const names = counts.map(([name]) => name);
  return retryOnConflict(() =>
    database.db.transaction().execute(async (trx) => {
      for (const chunk of chunksOf(names, 500)) {
        await trx
          .insertInto('hashtags')
          .values(
            chunk.map((name) => ({
              network,
              name,
              post_count: -1,
              count_state: 'pending' as const,
              banned: 0,
              updated_at: now,
            })),
          )
          // Updating the row (to itself) takes its lock on PostgreSQL.
          .onConflict((oc) =>
            oc.columns(['network', 'name']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
          )
          .execute();
      }
      for (const chunk of chunksOf(counts, 500)) {
        await trx
          .insertInto('crowd_count_reports')
          .values(
            chunk.map(([hashtag, count]) => ({
              network,
              hashtag,
              submitter: submitter.userId,
              device_id: submitter.deviceId,
              address: submitter.address,
              count,
              reported_at: now,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['network', 'hashtag', 'submitter']).doUpdateSet((eb) => ({
              device_id: eb.ref('excluded.device_id'),
              address: eb.ref('excluded.address'),
              count: eb.ref('excluded.count'),
              reported_at: eb.ref('excluded.reported_at'),
            })),
          )
          .execute();
      }
      const reportsByTag = new Map<string, StoredCountReport[]>();
      for (const chunk of chunksOf(names, 500)) {
        const rows = await trx
          .selectFrom('crowd_count_reports')
          .select(['hashtag', 'submitter', 'address', 'count', 'reported_at'])
          .where('network', '=', network)
          .where('hashtag', 'in', chunk)
          .where('reported_at', '>=', options.since)
          .execute();
        for (const row of rows) {
          const list = reportsByTag.get(row.hashtag) ?? [];
          list.push({
            hashtag: row.hashtag,
            submitter: row.submitter,
            address: row.address,
            count: Number(row.count),
            reportedAt: Number(row.reported_at),
          });
          reportsByTag.set(row.hashtag, list);
        }
      }
      let agreed = 0;
      for (const name of names) {
        const value = options.agree(reportsByTag.get(name) ?? []);
        if (value === undefined) continue;
        agreed++;
        // No "newest wins" check here: under the row lock, the decision made last saw the most reports.
        await trx
          .updateTable('hashtags')
          .set({
            post_count: value,
            count_state: 'known',
            count_source: 'crowd',
            updated_at: sql<number>`case when updated_at > ${now} then updated_at else ${now} end`,
          })
          .where('network', '=', network)
          .where('name', '=', name)
          .execute();
      }
      return { agreed };
    }),
  );
}
