import type { Kysely } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { Tables } from '../../db/tables.js';

/** Where a stream resumes: the position (Jetstream's time_us) of the newest event stored. */
export interface StreamCursor {
  stream: string;
  cursor: number;
  /** The instance the events came from. */
  instance: string;
}

export async function readStreamCursor(database: Database, stream: string): Promise<number | undefined> {
  const row = await database.db
    .selectFrom('stream_cursors')
    .select('cursor')
    .where('stream', '=', stream)
    .executeTakeFirst();
  return row ? Number(row.cursor) : undefined;
}

/** Moves the cursor forward (never back: a late batch of another consumer cannot rewind it). */
export async function writeStreamCursor(
  db: Kysely<Tables>,
  cursor: StreamCursor,
  now: number,
): Promise<void> {
  await db
    .insertInto('stream_cursors')
    .values({ ...cursor, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('stream')
        .doUpdateSet((eb) => ({
          cursor: eb.ref('excluded.cursor'),
          instance: eb.ref('excluded.instance'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .whereRef('excluded.cursor', '>', 'stream_cursors.cursor'),
    )
    .execute();
}
