import type { Database } from '../../db/connect.js';

/** When the newest code for a Better Auth verification identifier expires (epoch ms), if any. */
export async function findCodeExpiry(database: Database, identifier: string): Promise<number | null> {
  const row = await database.db
    .selectFrom('verifications')
    .select('expiresAt')
    .where('identifier', '=', identifier)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row ? new Date(row.expiresAt).getTime() : null;
}

/** Sets when the codes of an identifier expire (by our clock; Better Auth stamps them with its own). */
export async function setCodeExpiry(
  database: Database,
  identifier: string,
  expiresAt: number,
): Promise<void> {
  const value = database.dialect === 'sqlite' ? new Date(expiresAt).toISOString() : new Date(expiresAt);
  await database.db
    .updateTable('verifications')
    .set({ expiresAt: value })
    .where('identifier', '=', identifier)
    .execute();
}

export async function deleteCodes(database: Database, identifier: string): Promise<void> {
  await database.db.deleteFrom('verifications').where('identifier', '=', identifier).execute();
}
