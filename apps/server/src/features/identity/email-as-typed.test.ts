import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import {
  createTestViewer,
  emailsTo,
  freshIp,
  latestCode,
  TEST_PASSWORD,
  testClock,
} from '../../test/test-users.js';

const PASSWORD = 'Heron-Lantern-58q';
const NEW_PASSWORD = 'Quiet-Orchard-93z';

/**
 * Issue 36: an address is the account's as typed (case-folded), and every code goes there; its
 * mailbox (name+anything@host is name@host) only shares the code-send limits.
 */
describe.each(testDialects)('an email address as typed, on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  let n = 0;
  const name = () => `typed${++n}-${Date.now()}`;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now });
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: 'http://localhost:80', ...headers },
      remoteAddress: freshIp(),
    });

  async function signUp(email: string) {
    const asked = await post('/api/account/sign-up', {
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const verified = await post('/api/account/verify-email', {
      email,
      code: await latestCode(testApp.app, email),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    clock.advance(61_000);
    return verified.json();
  }

  it('signs up a+x@ as a+x@, with its code sent there, and signs it in by password', async () => {
    const mailbox = name();
    const email = `${mailbox}+x@example.com`;
    const account = await signUp(`${mailbox}+X@Example.COM`);
    expect(account.user.email).toBe(email);
    expect(await emailsTo(testApp.app, `${mailbox}@example.com`)).toEqual([]);
    const signedIn = await post('/api/account/sign-in', { email, password: PASSWORD });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: account.user.id, email });
    const other = await post('/api/account/sign-in', { email: `${mailbox}@example.com`, password: PASSWORD });
    expect(other.statusCode).toBe(401);
  });

  it('sends the password reset and sign-in codes of a+x@ to a+x@', async () => {
    const mailbox = name();
    const email = `${mailbox}+x@example.com`;
    const account = await signUp(email);
    expect((await post('/api/account/forgot-password', { email })).statusCode).toBe(202);
    const reset = await post('/api/account/reset-password', {
      email,
      code: await latestCode(testApp.app, email),
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('/api/account/sign-in', { email, password: NEW_PASSWORD })).statusCode).toBe(200);

    clock.advance(61_000);
    expect((await post('/api/account/sign-in-code', { email })).statusCode).toBe(202);
    const byCode = await post('/api/account/sign-in-with-code', {
      email,
      code: await latestCode(testApp.app, email),
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().user.id).toBe(account.user.id);
    expect(await emailsTo(testApp.app, `${mailbox}@example.com`)).toEqual([]);
  });

  it('counts the code sends of one mailbox together, whatever its +tags', async () => {
    const mailbox = name();
    await signUp(`${mailbox}+x@example.com`);
    await signUp(`${mailbox}+y@example.com`);
    expect(
      (await post('/api/account/forgot-password', { email: `${mailbox}+x@example.com` })).statusCode,
    ).toBe(202);
    for (const email of [
      `${mailbox}+y@example.com`,
      `${mailbox}@example.com`,
      `${mailbox.toUpperCase()}+Z@EXAMPLE.com`,
    ]) {
      const refused = await post('/api/account/forgot-password', { email });
      expect(refused.statusCode, email).toBe(429);
      expect((await post('/api/account/sign-in-code', { email })).statusCode, email).toBe(429);
    }
    // Another mailbox at the same host is not held up.
    expect(
      (await post('/api/account/forgot-password', { email: `${mailbox}z@example.com` })).statusCode,
    ).toBe(202);
  });

  it('moves an account to b+y@ as typed when its address changes', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const email = `${name()}+y@example.com`;
    const send = await post(
      '/api/account/change-email/code',
      { email: email.toUpperCase(), currentPassword: TEST_PASSWORD },
      viewer.headers,
    );
    expect(send.statusCode, send.body).toBe(202);
    const changed = await post(
      '/api/account/change-email',
      { email, code: await latestCode(testApp.app, email) },
      viewer.headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.email).toBe(email);
  });
});
