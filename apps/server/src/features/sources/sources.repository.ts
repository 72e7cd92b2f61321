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
