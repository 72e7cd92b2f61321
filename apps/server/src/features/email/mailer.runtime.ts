import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/connect.js';
import {
  findUnsentMessages,
  insertOutboxMessage,
  markOutboxFailed,
  markOutboxSent,
  type OutgoingEmail,
} from './email.repository.js';

/** Outbound calls time out after 5 s (docs/security-policy.md#outbound-calls). */
const SMTP_TIMEOUT_MS = 5000;
const RETRY_EVERY_MS = 60_000;
const RETRY_MAX_ATTEMPTS = 5;
/** A code lives 10 minutes: a mail older than that is not worth sending late. */
const RETRY_MAX_AGE_MS = 15 * 60_000;

export interface Mailer {
  /** Records the message in the outbox, then sends it over SMTP when configured. Never throws. */
  send(email: OutgoingEmail): Promise<void>;
  /** Sends what a failed SMTP attempt left in the outbox. */
  retryUnsent(): Promise<number>;
  close(): Promise<void>;
}

export interface MailerOptions {
  database: Database;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * Every message goes through the outbox table first. With SMTP_URL it is then sent with nodemailer
 * (failures stay in the outbox and are retried every minute); without it the message is logged,
 * so a local user can read their code (the only place a code is ever logged).
 */
export function createMailer(options: MailerOptions): Mailer {
  const { database, log, now } = options;
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      })
    : null;

  const deliver = async (id: string, email: OutgoingEmail) => {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
      await markOutboxSent(database, id, now());
    } catch (error) {
      log.warn({ err: error, outboxId: id }, 'email could not be sent; it stays in the outbox');
      await markOutboxFailed(database, id, String(error));
    }
  };

  let timer: NodeJS.Timeout | undefined;
  if (transport) {
    timer = setInterval(() => void mailer.retryUnsent().catch(() => {}), RETRY_EVERY_MS);
    timer.unref();
  }

  const mailer: Mailer = {
    async send(email) {
      const id = await insertOutboxMessage(database, email, now());
      if (!transport) {
        log.info(
          { outboxId: id, to: email.to, subject: email.subject },
          `email (outbox, no SMTP_URL):\n${email.text}`,
        );
        return;
      }
      await deliver(id, email);
    },
    async retryUnsent() {
      if (!transport) return 0;
      const rows = await findUnsentMessages(database, {
        now: now(),
        maxAgeMs: RETRY_MAX_AGE_MS,
        maxAttempts: RETRY_MAX_ATTEMPTS,
        limit: 50,
      });
      for (const row of rows) {
        await deliver(row.id, { to: row.to_address, subject: row.subject, text: row.body_text });
      }
      return rows.length;
    },
    async close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
  return mailer;
}
