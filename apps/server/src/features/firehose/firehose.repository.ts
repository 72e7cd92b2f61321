import type { Database } from '../../db/connect.js';

/** Where the stream resumes: Jetstream's time_us of the newest event stored. */
export async function readCursor(database: Database, stream: string): Promise<number | undefined> {
  const row = await database.db
    .selectFrom('stream_cursors')
    .select('cursor')
    .where('stream', '=', stream)
    .executeTakeFirst();
  return row ? Number(row.cursor) : undefined;
}

/** Moves the cursor forward (never back: a late batch of another consumer cannot rewind it). */
export async function writeCursor(
  database: Database,
  values: { stream: string; cursor: number; instance: string; now: number },
): Promise<void> {
  await database.db
    .insertInto('stream_cursors')
    .values({
      stream: values.stream,
      cursor: values.cursor,
      instance: values.instance,
      updated_at: values.now,
    })
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
