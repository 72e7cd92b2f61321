import type { Platform } from '@tagscout/core/access';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { AccountTable, PendingSignupTable, TrialRegistrationTable } from '../../db/tables.js';

export type AccountRow = Selectable<AccountTable>;
export type TrialRegistrationRow = Selectable<TrialRegistrationTable>;
export type PendingSignupRow = Selectable<PendingSignupTable>;

export interface UserRow {
  id: string;
  email: string;
  emailVerified: boolean;
  isAnonymous: boolean;
  role: string | null;
  banned: boolean;
}

const truthy = (value: unknown) => value === true || value === 1 || value === '1';

function toUser(row: {
  id: string;
  email: string;
  emailVerified: unknown;
  isAnonymous: unknown;
  role: string | null;
  banned: unknown;
}): UserRow {
  return {
    id: row.id,
    email: row.email,
    emailVerified: truthy(row.emailVerified),
    isAnonymous: truthy(row.isAnonymous),
    role: row.role,
    banned: truthy(row.banned),
  };
}

const userColumns = ['id', 'email', 'emailVerified', 'isAnonymous', 'role', 'banned'] as const;

export async function findUserById(database: Database, userId: string): Promise<UserRow | undefined> {
  const row = await database.db
    .selectFrom('users')
    .select(userColumns)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUserByEmail(database: Database, email: string): Promise<UserRow | undefined> {
  const row = await database.db
    .selectFrom('users')
    .select(userColumns)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUsersByIds(database: Database, userIds: string[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  const rows = await database.db.selectFrom('users').select(userColumns).where('id', 'in', userIds).execute();
  return rows.map(toUser);
}

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

export async function setUserRole(database: Database, userId: string, role: string): Promise<void> {
  await database.db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

export async function findAccount(database: Database, userId: string): Promise<AccountRow | undefined> {
  return database.db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findAccountByDevice(
  database: Database,
  deviceId: string,
): Promise<AccountRow | undefined> {
  return database.db
    .selectFrom('accounts')
    .selectAll()
    .where('device_id', '=', deviceId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function insertAccount(database: Database, row: Insertable<AccountTable>): Promise<void> {
  await database.db.insertInto('accounts').values(row).execute();
}

export async function updateAccount(
  database: Database,
  userId: string,
  patch: Updateable<AccountTable>,
): Promise<void> {
  await database.db.updateTable('accounts').set(patch).where('user_id', '=', userId).execute();
}

/**
 * The registered account's trial runs from the anonymous trial's start, for `trialDays`; the
 * anonymous trial ends now.
 */
export async function moveTrialClock(
  database: Database,
  move: { fromUserId: string; toUserId: string; trialDays: number; now: number },
): Promise<void> {
  const from = await findAccount(database, move.fromUserId);
  const startedAt = Number(from?.trial_started_at ?? move.now);
  await updateAccount(database, move.toUserId, {
    trial_started_at: startedAt,
    trial_expires_at: startedAt + Math.round(move.trialDays * 86_400_000),
    updated_at: move.now,
  });
  await updateAccount(database, move.fromUserId, {
    trial_status: 'expired',
    trial_expires_at: move.now,
    updated_at: move.now,
  });
}

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

// ---- Trial devices and pending registrations ----

export async function findTrialDevice(database: Database, deviceId: string) {
  return database.db
    .selectFrom('trial_devices')
    .selectAll()
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

/** Claims a device for an anonymous trial; of two racing claims only one succeeds. */
export async function claimTrialDevice(
  database: Database,
  deviceId: string,
  platform: Platform,
  now: number,
) {
  const result = await database.db
    .insertInto('trial_devices')
    .values({ device_id: deviceId, kind: 'anonymous', user_id: null, platform, created_at: now })
    .onConflict((conflict) => conflict.column('device_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function recordTrialDevice(
  database: Database,
  row: { device_id: string; kind: string; user_id: string | null; platform: string; created_at: number },
): Promise<void> {
  await database.db
    .insertInto('trial_devices')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('device_id').doUpdateSet({ kind: row.kind, user_id: row.user_id }),
    )
    .execute();
}

/** The first registration of an address is kept for a day; the same device may change its own. */
export async function saveTrialRegistration(database: Database, row: Insertable<TrialRegistrationTable>) {
  const { email: _email, ...rest } = row;
  const staleBefore = Number(row.created_at) - PENDING_KEPT_MS;
  await database.db
    .insertInto('trial_registrations')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .column('email')
        .doUpdateSet(rest)
        .where((eb) =>
          eb.or([
            eb('trial_registrations.device_id', '=', row.device_id),
            eb('trial_registrations.created_at', '<', staleBefore),
          ]),
        ),
    )
    .execute();
}

export async function findTrialRegistration(database: Database, email: string) {
  return database.db
    .selectFrom('trial_registrations')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function deleteTrialRegistration(database: Database, email: string): Promise<void> {
  await database.db.deleteFrom('trial_registrations').where('email', '=', email).execute();
}

export async function deleteTrialRegistrationsOfDevice(database: Database, deviceId: string): Promise<void> {
  await database.db.deleteFrom('trial_registrations').where('device_id', '=', deviceId).execute();
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
