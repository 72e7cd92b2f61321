import type { Database } from '../../db/connect.js';

/** Global sign-out (docs/security-policy.md#sessions): every session of the user, and a bumped epoch, in one transaction. */
export async function deleteAllSessions(database: Database, userId: string, now: number): Promise<number> {
  return database.db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('sessions').where('userId', '=', userId).executeTakeFirst();
    await trx
      .updateTable('accounts')
      .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1), updated_at: now }))
      .where('user_id', '=', userId)
      .execute();
    return Number(deleted.numDeletedRows);
  });
}

/**
 * The session epoch of the account with this address (0 until its first global sign-out); null
 * when no user with an account row has the address (deleteAllSessions bumps the epoch in that row).
 */
export async function findSessionEpochByEmail(database: Database, email: string): Promise<number | null> {
  const row = await database.db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.user_id', 'users.id')
    .select('accounts.session_epoch')
    .where('users.email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? Number(row.session_epoch) : null;
}

export async function deleteSession(database: Database, sessionId: string): Promise<void> {
  await database.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends one session of a user (by its id); another user's session id matches nothing. */
export async function deleteSessionOfUser(database: Database, userId: string, sessionId: string) {
  await database.db.deleteFrom('sessions').where('userId', '=', userId).where('id', '=', sessionId).execute();
}

export async function deleteOtherSessions(database: Database, userId: string, keepSessionId: string) {
  await database.db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where('id', '<>', keepSessionId)
    .execute();
}

/** A user's sessions as "download my data" shows them: when, from where, with what; never a token. */
export async function findSessionsOfUser(database: Database, userId: string) {
  return database.db
    .selectFrom('sessions')
    .select(['createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}
