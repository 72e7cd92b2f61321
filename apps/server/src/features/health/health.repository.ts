import { sql } from 'kysely';
import type { Database } from '../../db/connect.js';

/** A round trip to the database: throws when it does not answer. */
export async function pingDatabase(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
