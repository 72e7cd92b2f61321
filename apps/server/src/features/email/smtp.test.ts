import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { freshIp } from '../../test/test-users.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer(
  port = 0,
): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDialects)('email over SMTP on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let testApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await buildTestApp(dialect, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tagscout <codes@tagscout.test>',
    });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it('sends the sign-up code through SMTP, and the code from the message verifies the account', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const signUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: { origin: 'http://localhost:80' },
      remoteAddress: freshIp(),
      payload: { email, password: 'Blue-Whale-42x', passwordConfirm: 'Blue-Whale-42x' },
    });
    expect(signUp.statusCode).toBe(202);
    const message = smtp.received.find((item) => item.to.includes(email));
    expect(message).toBeDefined();
    expect(message?.from).toBe('codes@tagscout.test');
    expect(message?.raw).toMatch(/Subject: Your Tagscout verification code/);
    const code = /Your code is (\d{6})/.exec(message?.raw ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const sent = await testApp.app.database.db
      .selectFrom('email_outbox')
      .select(['sent_at'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();

    const verify = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      headers: { origin: 'http://localhost:80' },
      remoteAddress: freshIp(),
      payload: { email, code },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.email).toBe(email);
  });

  it('does not expose the outbox when SMTP is configured', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
  it('keeps a message in the outbox when SMTP fails, and sends it on retry', async () => {
    const down = await startSmtpServer();
    await down.close();
    const broken = await buildTestApp(dialect, { SMTP_URL: down.url });
    try {
      const email = `retry-${Date.now()}@example.com`;
      const answer = await broken.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        headers: { origin: 'http://localhost:80' },
        remoteAddress: freshIp(),
        payload: { email },
      });
      expect(answer.statusCode).toBe(202);
      await broken.app.accounts.mailer.send({ to: email, subject: 'Hello', text: 'Your code is 123456' });
      const row = await broken.app.database.db
        .selectFrom('email_outbox')
        .select(['sent_at', 'attempts', 'last_error'])
        .where('to_address', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.last_error).toBeTruthy();

      const up = await startSmtpServer(Number(new URL(down.url).port));
      try {
        expect(await broken.app.accounts.mailer.retryUnsent()).toBeGreaterThanOrEqual(1);
        expect(up.received.some((item) => item.to.includes(email))).toBe(true);
      } finally {
        await up.close();
      }
    } finally {
      await broken.close();
    }
  });
});
