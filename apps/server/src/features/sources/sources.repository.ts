import type { Selectable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { SourceFailureTable } from '../../db/tables.js';

export type SourceFailureRow = Selectable<SourceFailureTable>;

export interface FailureToRecord {
  source: string;
  origin: string;
  call: string;
  failure: string;
  at: number;
  blockedUntil: number | null;
}

/** Counts one failure: the first of its kind adds a row, later ones move last_at (and a block's end). */
export async function upsertSourceFailure(database: Database, failure: FailureToRecord): Promise<void> {
  await database.db
    .insertInto('source_failures')
    .values({
      source: failure.source,
      origin: failure.origin,
      call: failure.call,
      failure: failure.failure,
      count: 1,
      first_at: failure.at,
      last_at: failure.at,
      blocked_until: failure.blockedUntil,
    })
    .onConflict((oc) =>
      oc.columns(['source', 'origin', 'call', 'failure']).doUpdateSet((eb) => ({
        count: eb('source_failures.count', '+', 1),
        last_at: eb.ref('excluded.last_at'),
        blocked_until: eb.ref('excluded.blocked_until'),
      })),
    )
    .execute();
}

/** The most recent failures of every kind, newest first. */
export async function findSourceFailures(database: Database, limit: number): Promise<SourceFailureRow[]> {
  return database.db
    .selectFrom('source_failures')
    .selectAll()
    .orderBy('last_at', 'desc')
    .limit(limit)
    .execute();
}

/** Blocks of one source and origin still in force at `now` (restored into the flags at start). */
export async function findActiveBlocks(
  database: Database,
  key: { source: string; origin: string; now: number },
): Promise<SourceFailureRow[]> {
  return database.db
    .selectFrom('source_failures')
    .selectAll()
    .where('source', '=', key.source)
    .where('origin', '=', key.origin)
    .where('failure', '=', 'block')
    .where('blocked_until', '>', key.now)
    .execute();
}

export interface ReportToRecord {
  source: string;
  call: string;
  failure: string;
  reporter: string;
  at: number;
}

/** Keeps one account's latest report of one kind of failure (reports again only move its time). */
export async function upsertSourceReport(database: Database, report: ReportToRecord): Promise<void> {
  await database.db
    .insertInto('source_reports')
    .values({
      source: report.source,
      call: report.call,
      failure: report.failure,
      reporter: report.reporter,
      reported_at: report.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['source', 'call', 'failure', 'reporter'])
        .doUpdateSet((eb) => ({ reported_at: eb.ref('excluded.reported_at') })),
    )
    .execute();
}

/** How many accounts reported this kind of failure since `since`. */
export async function countSourceReporters(
  database: Database,
  key: { source: string; call: string; failure: string; since: number },
): Promise<number> {
  const row = await database.db
    .selectFrom('source_reports')
    .select((eb) => eb.fn.countAll().as('reporters'))
    .where('source', '=', key.source)
    .where('call', '=', key.call)
    .where('failure', '=', key.failure)
    .where('reported_at', '>', key.since)
    .executeTakeFirst();
  return Number(row?.reporters ?? 0);
}

/** Forgets reports older than `before`. */
export async function deleteSourceReportsBefore(database: Database, before: number): Promise<void> {
  await database.db.deleteFrom('source_reports').where('reported_at', '<=', before).execute();
}

/** One account's reports, for "download my data". */
export async function findSourceReportsOf(database: Database, reporter: string) {
  return database.db
    .selectFrom('source_reports')
    .select(['source', 'call', 'failure', 'reported_at'])
    .where('reporter', '=', reporter)
    .orderBy('reported_at')
    .execute();
}

export async function deleteSourceReportsOf(database: Database, reporter: string): Promise<void> {
  await database.db.deleteFrom('source_reports').where('reporter', '=', reporter).execute();
}
