import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { PendingSignupTable } from '../../db/tables.js';

export type PendingSignupRow = Selectable<PendingSignupTable>;

export async function hasPassword(database: Database, userId: string): Promise<boolean> {
  const row = await database.db
    .selectFrom('auth_accounts')
    .select('id')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .where('password', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A pending sign-up keeps its first attempt's details for a day; a later attempt replaces only a stale one. */
export async function savePendingSignup(database: Database, row: Insertable<PendingSignupTable>) {
  const { email: _email, ...rest } = row;
  const staleBefore = Number(row.created_at) - PENDING_KEPT_MS;
  await database.db
    .insertInto('pending_signups')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet(rest).where('pending_signups.created_at', '<', staleBefore),
    )
    .execute();
}

const PENDING_KEPT_MS = 24 * 3600 * 1000;

/** Another attempt contested the waiting password: it must now come with the code. */
export async function clearPendingPassword(database: Database, email: string): Promise<void> {
  await database.db
    .updateTable('pending_signups')
    .set({ password_hash: '' })
    .where('email', '=', email)
    .execute();
}

export async function findPendingSignup(database: Database, email: string) {
  return database.db.selectFrom('pending_signups').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function deletePendingSignup(database: Database, email: string): Promise<void> {
  await database.db.deleteFrom('pending_signups').where('email', '=', email).execute();
}

/** The argon2id hash of a user's password, or null when the account signs in by emailed code. */
export async function findPasswordHash(database: Database, userId: string): Promise<string | null> {
  const row = await database.db
    .selectFrom('auth_accounts')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? null;
}

/**
 * Replaces a password only if it is still the one checked (compare and swap): of two changes made
 * at once with the same current password, one wins and the other changes nothing.
 */
export async function swapPasswordHash(
  database: Database,
  swap: { userId: string; from: string; to: string; now: number },
): Promise<boolean> {
  const updatedAt = database.dialect === 'sqlite' ? new Date(swap.now).toISOString() : new Date(swap.now);
  const result = await database.db
    .updateTable('auth_accounts')
    .set({ password: swap.to, updatedAt })
    .where('userId', '=', swap.userId)
    .where('providerId', '=', 'credential')
    .where('password', '=', swap.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
