import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { freshIp, latestCode, testClock } from '../../test/test-users.js';

const ORIGIN = 'http://localhost:80';
const OWNER_PASSWORD = 'Blue-Whale-42x';
const ATTACKER_PASSWORD = 'Red-Shark-77q';

/** Only whoever reads the mailbox may choose a password or cancel a pending trial (docs/decisions/007-auth.md). */
describe.each(testDialects)('pending sign-ups and trials belong to the mailbox on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  let n = 0;
  const newEmail = () => `owner${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now });
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: ORIGIN },
      remoteAddress: freshIp(),
    });
  const signUp = (email: string, password: string) =>
    post('/api/account/sign-up', { email, password, passwordConfirm: password });

  it('a second sign-up for a pending address cannot choose the password', async () => {
    const email = newEmail();
    expect((await signUp(email, OWNER_PASSWORD)).statusCode).toBe(202);
    clock.advance(61_000);
    expect((await signUp(email, ATTACKER_PASSWORD)).statusCode).toBe(202);

    // The waiting password is no one's now: the owner gives theirs with the newest code.
    const code = await latestCode(testApp.app, email);
    const withoutPassword = await post('/api/account/verify-email', { email, code });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().error.code).toBe('weak_password');
    const verify = await post('/api/account/verify-email', { email, code, password: OWNER_PASSWORD });
    expect(verify.statusCode, verify.body).toBe(200);

    const asAttacker = await post('/api/account/sign-in', { email, password: ATTACKER_PASSWORD });
    expect(asAttacker.statusCode).toBe(401);
    const asOwner = await post('/api/account/sign-in', { email, password: OWNER_PASSWORD });
    expect(asOwner.statusCode).toBe(200);
  });

  it('signing in to a sign-up still waiting for its code says to verify, not "incorrect"', async () => {
    const email = newEmail();
    await signUp(email, OWNER_PASSWORD);
    const waiting = await post('/api/account/sign-in', { email, password: OWNER_PASSWORD });
    expect(waiting.statusCode, waiting.body).toBe(403);
    expect(waiting.json().error.code).toBe('email_not_verified');
    // A wrong password learns nothing about the waiting sign-up.
    const wrong = await post('/api/account/sign-in', { email, password: ATTACKER_PASSWORD });
    expect(wrong.statusCode).toBe(401);

    // Contested: the waiting password was cleared, so the owner is sent to the code step too and
    // the password typed at sign-in goes with the code.
    clock.advance(61_000);
    await signUp(email, ATTACKER_PASSWORD);
    const contested = await post('/api/account/sign-in', { email, password: OWNER_PASSWORD });
    expect(contested.statusCode).toBe(403);
    expect(contested.json().error.code).toBe('email_not_verified');
    const code = await latestCode(testApp.app, email);
    const verify = await post('/api/account/verify-email', { email, code, password: OWNER_PASSWORD });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await post('/api/account/sign-in', { email, password: OWNER_PASSWORD })).statusCode).toBe(200);
  });

  it('checks the rules of a password sent with the code before spending the code', async () => {
    const email = newEmail();
    await signUp(email, OWNER_PASSWORD);
    const code = await latestCode(testApp.app, email);
    const weak = await post('/api/account/verify-email', { email, code, password: 'Password123!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
    const good = await post('/api/account/verify-email', { email, code, password: OWNER_PASSWORD });
    expect(good.statusCode, good.body).toBe(200);
  });

  it("another device's trialRegister and removeUser cancel no one's pending email trial", async () => {
    const email = newEmail();
    const ownDevice = randomUUID();
    const otherDevice = randomUUID();
    expect((await post('/api/trial/trialRegister', { uuid: ownDevice, email })).statusCode).toBe(200);
    clock.advance(61_000);
    // Someone else, with no session, registers the same address on their device and cancels both.
    expect((await post('/api/trial/trialRegister', { uuid: otherDevice, email })).statusCode).toBe(200);
    expect((await post('/api/trial/removeUser', { uuID: otherDevice })).statusCode).toBe(200);
    expect((await post('/api/trial/removeUser', { uuID: ownDevice })).statusCode).toBe(200);

    const code = await latestCode(testApp.app, email);
    const verify = await post('/api/trial/verifyAccount', { email, code, uuid: ownDevice });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toMatchObject({ message: 'verified', uuID: ownDevice, inTrial: true });
  });
});
