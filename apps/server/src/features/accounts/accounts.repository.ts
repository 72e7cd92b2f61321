import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { AccountTable } from '../../db/tables.js';

export type AccountRow = Selectable<AccountTable>;

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

/**
 * Moves a user to a new address, proven: false when another user has it (checked, and held by the
 * unique index when two move to it at once).
 */
export async function changeUserEmail(
  database: Database,
  change: { userId: string; email: string; now: number },
): Promise<boolean> {
  const updatedAt = database.dialect === 'sqlite' ? new Date(change.now).toISOString() : new Date(change.now);
  try {
    const result = await database.db
      .updateTable('users')
      .set({ email: change.email, emailVerified: database.dialect === 'sqlite' ? 1 : true, updatedAt })
      .where('id', '=', change.userId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('users as other').select('other.id').where('other.email', '=', change.email),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** What the account holds about a user, for "download my data" (no credentials). */
export async function findUserRecord(database: Database, userId: string) {
  const user = await database.db
    .selectFrom('users')
    .select(['id', 'email', 'emailVerified', 'isAnonymous', 'role', 'createdAt', 'updatedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const account = await findAccount(database, userId);
  return { user, account };
}

/**
 * Deletes a user: its users row, and with it (foreign keys, migrations 003-008) its account row,
 * sessions, credentials, collections, quarries and store purchases; its web billing customer and
 * checkouts are kept, unlinked.
 */
export async function deleteUser(database: Database, userId: string): Promise<boolean> {
  const result = await database.db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
