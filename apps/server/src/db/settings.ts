import type { Database } from './connect.js';

/**
 * The shared key-value `settings` table: generated secrets (auth, code pepper, billing) and values an
 * admin edits (the live countdown). Several features use it, so its access lives here, once.
 */
export async function readSetting(database: Database, key: string): Promise<string | undefined> {
  const row = await database.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Stores the value unless one exists; answers the stored one (first writer wins across processes). */
export async function ensureSetting(
  database: Database,
  key: string,
  value: string,
  now: number,
): Promise<string> {
  await database.db
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  return (await readSetting(database, key)) ?? value;
}

/** Stores the value, replacing any earlier one. */
export async function writeSetting(
  database: Database,
  key: string,
  value: string,
  now: number,
): Promise<void> {
  await database.db
    .insertInto('settings')
    .values({ key, value, updated_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}
