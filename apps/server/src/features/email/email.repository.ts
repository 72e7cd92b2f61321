import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/connect.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: number;
  sent_at: number | null;
  attempts: number;
}

export async function insertOutboxMessage(database: Database, email: OutgoingEmail, now: number) {
  const id = randomUUID();
  await database.db
    .insertInto('email_outbox')
    .values({
      id,
      to_address: email.to,
      subject: email.subject,
      body_text: email.text,
      created_at: now,
      sent_at: null,
      last_error: null,
    })
    .execute();
  return id;
}

export async function markOutboxSent(database: Database, id: string, now: number): Promise<void> {
  await database.db
    .updateTable('email_outbox')
    .set((eb) => ({ sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

export async function markOutboxFailed(database: Database, id: string, error: string): Promise<void> {
  await database.db
    .updateTable('email_outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) }))
    .where('id', '=', id)
    .execute();
}

/** Unsent messages younger than maxAgeMs and tried fewer than maxAttempts times, oldest first. */
export async function findUnsentMessages(
  database: Database,
  options: { now: number; maxAgeMs: number; maxAttempts: number; limit: number },
): Promise<OutboxRow[]> {
  return database.db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'body_text', 'created_at', 'sent_at', 'attempts'])
    .where('sent_at', 'is', null)
    .where('attempts', '<', options.maxAttempts)
    .where('created_at', '>', options.now - options.maxAgeMs)
    .orderBy('created_at')
    .limit(options.limit)
    .execute();
}

/** The newest messages, optionally to one address. */
export async function listOutbox(database: Database, to: string | undefined, limit: number) {
  let query = database.db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'body_text', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit);
  if (to) query = query.where('to_address', '=', to);
  return query.execute();
}

/** The messages sent to an address, for "download my data" (subjects and times; their codes long dead). */
export async function findOutboxTo(database: Database, to: string) {
  return database.db
    .selectFrom('email_outbox')
    .select(['subject', 'created_at', 'sent_at'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
}

export async function deleteOutboxTo(database: Database, to: string): Promise<void> {
  await database.db.deleteFrom('email_outbox').where('to_address', '=', to).execute();
}
