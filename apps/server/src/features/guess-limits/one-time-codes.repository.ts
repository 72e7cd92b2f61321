import { sql } from 'kysely';
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

/** Better Auth's date columns: ISO text on SQLite, timestamptz on PostgreSQL. */
function authDate(database: Database, epochMs: number): string | Date {
  return database.dialect === 'sqlite' ? new Date(epochMs).toISOString() : new Date(epochMs);
}

/** Stores a code (its HMAC) under an identifier, replacing any older one: a new code voids the old. */
export async function replaceCode(
  database: Database,
  code: { id: string; identifier: string; value: string; expiresAt: number; now: number },
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('verifications').where('identifier', '=', code.identifier).execute();
    await trx
      .insertInto('verifications')
      .values({
        id: code.id,
        identifier: code.identifier,
        value: code.value,
        expiresAt: authDate(database, code.expiresAt),
        createdAt: authDate(database, code.now),
        updatedAt: authDate(database, code.now),
      })
      .execute();
  });
}

export async function findCode(
  database: Database,
  identifier: string,
): Promise<{ value: string; expiresAt: number } | undefined> {
  const row = await database.db
    .selectFrom('verifications')
    .select(['value', 'expiresAt'])
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return row && { value: row.value, expiresAt: new Date(row.expiresAt).getTime() };
}

/** Spends a code: true for the one caller that deleted it (single use under concurrency). */
export async function spendCode(database: Database, identifier: string, value: string): Promise<boolean> {
  const result = await database.db
    .deleteFrom('verifications')
    .where('identifier', '=', identifier)
    .where('value', '=', value)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the codes of these identifiers (a deleted account's). */
export async function deleteCodesOf(database: Database, identifiers: string[]): Promise<void> {
  if (identifiers.length === 0) return;
  await database.db.deleteFrom('verifications').where('identifier', 'in', identifiers).execute();
}

/** Deletes the codes whose identifier starts with `prefix` (compared as text: no LIKE wildcards to escape). */
export async function deleteCodesWithPrefix(database: Database, prefix: string): Promise<void> {
  await database.db
    .deleteFrom('verifications')
    .where(sql<string>`substr(identifier, 1, ${prefix.length})`, '=', prefix)
    .execute();
}
