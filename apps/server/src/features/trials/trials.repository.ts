import type { Platform } from '@tagscout/core/access';
import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { TrialRegistrationTable } from '../../db/tables.js';

export type TrialRegistrationRow = Selectable<TrialRegistrationTable>;

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

/**
 * Marks a mailbox as having had its email trial, for this user. Of two concurrent claims one row is
 * written (the mailbox is the key); a claim of the mailbox's own user holds again.
 */
export async function claimTrialMailbox(
  database: Database,
  claim: { mailbox: string; userId: string; now: number },
): Promise<boolean> {
  await database.db
    .insertInto('trial_mailboxes')
    .values({ mailbox: claim.mailbox, user_id: claim.userId, created_at: claim.now })
    .onConflict((conflict) => conflict.column('mailbox').doNothing())
    .execute();
  const row = await database.db
    .selectFrom('trial_mailboxes')
    .select('user_id')
    .where('mailbox', '=', claim.mailbox)
    .executeTakeFirst();
  return row?.user_id === claim.userId;
}

/** The mailboxes whose trial a user had, for "download my data". */
export async function findTrialMailboxesOf(database: Database, userId: string) {
  return database.db
    .selectFrom('trial_mailboxes')
    .select(['mailbox', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
}

/** How long a registration waiting for its code is kept against other devices. */
const PENDING_KEPT_MS = 24 * 3600 * 1000;

/** The devices a user's trials ran on, for "download my data". */
export async function findTrialDevicesOf(database: Database, userId: string) {
  return database.db
    .selectFrom('trial_devices')
    .select(['device_id', 'kind', 'platform', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
}

/** A deleted user's devices keep their used trial (one trial per device), tied to no one. */
export async function unlinkTrialDevicesOf(database: Database, userId: string): Promise<void> {
  await database.db
    .updateTable('trial_devices')
    .set({ user_id: null })
    .where('user_id', '=', userId)
    .execute();
}
