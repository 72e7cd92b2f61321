import type { OutboxMessage } from '@tagscout/core/api';
import type { Database } from '../../db/connect.js';
import { deleteOutboxTo, findOutboxTo, listOutbox } from './email.repository.js';

export type { OutgoingEmail } from './email.repository.js';

/** The newest messages of the outbox (optionally to one address), with the 6-digit code each carries. */
export async function listOutboxMessages(
  database: Database,
  to: string | undefined,
  limit: number,
): Promise<OutboxMessage[]> {
  const rows = await listOutbox(database, to?.toLowerCase(), limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.body_text,
    code: /\b(\d{6})\b/.exec(row.body_text)?.[1] ?? null,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  }));
}

/** For "download my data": what was mailed to the account's address. */
export async function exportEmailsTo(database: Database, to: string | null) {
  if (!to) return [];
  const rows = await findOutboxTo(database, to.toLowerCase());
  return rows.map((row) => ({
    subject: row.subject,
    createdAt: Number(row.created_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
  }));
}

/** For deleting an account: the messages to its address go (the notice of deletion is sent after). */
export async function eraseEmailsTo(database: Database, to: string | null): Promise<void> {
  if (to) await deleteOutboxTo(database, to.toLowerCase());
}
