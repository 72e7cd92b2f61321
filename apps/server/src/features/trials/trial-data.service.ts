import type { Database } from '../../db/connect.js';
import {
  deleteTrialRegistration,
  findTrialDevicesOf,
  findTrialMailboxesOf,
  findTrialRegistration,
  unlinkTrialDevicesOf,
} from './trials.repository.js';

/**
 * For "download my data": the devices the user's trials ran on, the mailbox whose email trial it
 * had, and an email trial waiting for its code.
 */
export async function exportTrials(database: Database, owner: { userId: string; email: string | null }) {
  const devices = await findTrialDevicesOf(database, owner.userId);
  const mailboxes = await findTrialMailboxesOf(database, owner.userId);
  const waiting = owner.email ? await findTrialRegistration(database, owner.email) : undefined;
  return {
    devices: devices.map((device) => ({
      deviceId: device.device_id,
      kind: device.kind,
      platform: device.platform,
      createdAt: Number(device.created_at),
    })),
    emailTrialMailboxes: mailboxes.map((row) => ({
      mailbox: row.mailbox,
      createdAt: Number(row.created_at),
    })),
    waitingRegistration: waiting
      ? { promoCode: waiting.promo_code, platform: waiting.platform, createdAt: Number(waiting.created_at) }
      : null,
  };
}

/**
 * For deleting an account: a waiting email trial goes; its devices stay, tied to no one, so
 * deleting an account is no way to a second trial on the same device. Its trial's mailbox goes with
 * the user (a foreign key), as the address does (decision 032).
 */
export async function eraseTrials(database: Database, owner: { userId: string; email: string | null }) {
  await unlinkTrialDevicesOf(database, owner.userId);
  if (owner.email) await deleteTrialRegistration(database, owner.email);
}
