import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import {
  cookieHeader,
  createTestViewer,
  emailsTo,
  freshIp,
  latestCode,
  TEST_PASSWORD,
  type TestViewer,
  testClock,
} from '../../test/test-users.js';

const NEW_PASSWORD = 'Saltmarsh-Quokka-71';
const OTHER_PASSWORD = 'Ferncastle-Brisket-29';

/** Issue 32 §8: the account page's password and address, and signing in by emailed code. */
describe.each(testDialects)('your account: password and address, on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now });
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, ip = freshIp()) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: 'http://localhost:80', ...headers },
      remoteAddress: ip,
    });
  const me = async (headers: Record<string, string>) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/account/me', headers })).json();
  const signIn = (email: string, password: string) => post('/api/account/sign-in', { email, password });
  /** A second session of the same user, as another browser would hold. */
  const otherSession = async (viewer: TestViewer) => {
    const context = await testApp.app.accounts.auth.$context;
    const session = await context.internalAdapter.createSession(String(viewer.userId));
    return { authorization: `Bearer ${session.token}` };
  };
  /** The codes emailed to an address, oldest first. */
  const codesTo = async (email: string) =>
    (await emailsTo(testApp.app, email)).flatMap((mail) => /\b(\d{6})\b/.exec(mail.body_text)?.[1] ?? []);

  it('sets a first password on an email-trial account by an emailed code; this browser stays signed in, others end', async () => {
    const viewer = await createTestViewer(testApp.app, 'emailTrial');
    const elsewhere = await otherSession(viewer);
    expect((await me(viewer.headers)).user.hasPassword).toBe(false);

    const send = await post('/api/account/send-code', { purpose: 'set-password' }, viewer.headers);
    expect(send.statusCode, send.body).toBe(202);
    const code = await latestCode(testApp.app, String(viewer.email));
    const mails = await emailsTo(testApp.app, String(viewer.email));
    expect(mails.at(-1)?.subject).toBe('Your code to set a Tagscout password');

    const set = await post(
      '/api/account/set-password',
      { code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      viewer.headers,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().user).toMatchObject({ email: viewer.email?.toLowerCase(), hasPassword: true });
    const renewed = { origin: 'http://localhost:80', cookie: cookieHeader(set.headers['set-cookie']) };
    expect((await me(renewed)).user.id).toBe(viewer.userId);
    expect((await me(viewer.headers)).user).toBeNull();
    expect((await me(elsewhere)).user).toBeNull();

    expect((await signIn(String(viewer.email), NEW_PASSWORD)).statusCode).toBe(200);
    const notice = (await emailsTo(testApp.app, String(viewer.email))).at(-1);
    expect(notice?.subject).toBe('Your Tagscout password was set');
  });

  it('refuses a first password to an account that has one, a weak one, a wrong code, and an anonymous trial', async () => {
    const withPassword = await createTestViewer(testApp.app, 'free');
    const exists = await post('/api/account/send-code', { purpose: 'set-password' }, withPassword.headers);
    expect(exists.statusCode).toBe(409);
    expect(exists.json().error).toEqual({
      code: 'password_exists',
      message: expect.stringContaining('already has a password'),
    });

    const viewer = await createTestViewer(testApp.app, 'emailTrial');
    await post('/api/account/send-code', { purpose: 'set-password' }, viewer.headers);
    const code = await latestCode(testApp.app, String(viewer.email));
    const weak = await post(
      '/api/account/set-password',
      { code, password: 'My-Tagscout-2026', passwordConfirm: 'My-Tagscout-2026' },
      viewer.headers,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('weak_password');
    const wrong = `${(Number(code) + 1) % 1_000_000}`.padStart(6, '0');
    const bad = await post(
      '/api/account/set-password',
      { code: wrong, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      viewer.headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('code_not_verified');
    // The weak password was refused before the code was spent: it still works.
    const good = await post(
      '/api/account/set-password',
      { code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      viewer.headers,
    );
    expect(good.statusCode, good.body).toBe(200);
    const again = await post(
      '/api/account/set-password',
      { code, password: OTHER_PASSWORD, passwordConfirm: OTHER_PASSWORD },
      { origin: 'http://localhost:80', cookie: cookieHeader(good.headers['set-cookie']) },
    );
    expect(again.statusCode).toBe(409);

    const anonymous = await createTestViewer(testApp.app, 'anonymousTrial');
    const refused = await post('/api/account/send-code', { purpose: 'set-password' }, anonymous.headers);
    expect(refused.statusCode).toBe(403);
    const signedOut = await post('/api/account/send-code', { purpose: 'set-password' });
    expect(signedOut.statusCode).toBe(401);
  });

  it("binds a code to the account it was sent for: another user's session cannot use it", async () => {
    const ana = await createTestViewer(testApp.app, 'emailTrial');
    const bob = await createTestViewer(testApp.app, 'emailTrial');
    await post('/api/account/send-code', { purpose: 'set-password' }, ana.headers);
    const code = await latestCode(testApp.app, String(ana.email));
    const byBob = await post(
      '/api/account/set-password',
      { code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      bob.headers,
    );
    expect(byBob.statusCode).toBe(400);
    expect(byBob.json().error.code).toBe('code_not_verified');
    expect((await me(bob.headers)).user.hasPassword).toBe(false);
    // No body names a user: asking for someone else is not even a valid request.
    const naming = await post(
      '/api/account/change-password',
      { userId: ana.userId, currentPassword: 'x', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      bob.headers,
    );
    expect(naming.statusCode).toBe(400);
    const byAna = await post(
      '/api/account/set-password',
      { code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      ana.headers,
    );
    expect(byAna.statusCode, byAna.body).toBe(200);
  });

  it('changes the password with the current one, ends the other sessions and tells the owner', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const elsewhere = await otherSession(viewer);
    const wrong = await post(
      '/api/account/change-password',
      { currentPassword: 'Not-The-Password-1', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      viewer.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'wrong_password',
      message: 'The current password you entered is not right.',
    });
    const weak = await post(
      '/api/account/change-password',
      { currentPassword: TEST_PASSWORD, password: 'Password123!', passwordConfirm: 'Password123!' },
      viewer.headers,
    );
    expect(weak.json().error.code).toBe('weak_password');
    const same = await post(
      '/api/account/change-password',
      { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD },
      viewer.headers,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toEqual({
      code: 'same_password',
      message: 'That is already your password. Choose a new one.',
    });

    const changed = await post(
      '/api/account/change-password',
      { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      viewer.headers,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.id).toBe(viewer.userId);
    const renewed = { origin: 'http://localhost:80', cookie: cookieHeader(changed.headers['set-cookie']) };
    expect((await me(renewed)).user.id).toBe(viewer.userId);
    expect((await me(viewer.headers)).user).toBeNull();
    expect((await me(elsewhere)).user).toBeNull();
    expect((await signIn(String(viewer.email), TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(String(viewer.email), NEW_PASSWORD)).statusCode).toBe(200);
    const notice = (await emailsTo(testApp.app, String(viewer.email))).at(-1);
    expect(notice?.subject).toBe('Your Tagscout password was changed');

    const noPassword = await createTestViewer(testApp.app, 'emailTrial');
    const refused = await post(
      '/api/account/change-password',
      { currentPassword: 'anything', password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
      noPassword.headers,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('no_password');
  });

  it("counts wrong current passwords with the account's sign-in guesses", async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) {
      const response = await post(
        '/api/account/change-password',
        { currentPassword: `Wrong-Guess-${guess}`, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
        viewer.headers,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
    // The guesses were the account's: sign-in with the right password waits too.
    expect((await signIn(String(viewer.email), TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('lets one of two concurrent password changes win; the other changes nothing', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const change = (password: string) =>
      post(
        '/api/account/change-password',
        { currentPassword: TEST_PASSWORD, password, passwordConfirm: password },
        viewer.headers,
      );
    const answers = await Promise.all([change(NEW_PASSWORD), change(OTHER_PASSWORD)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? NEW_PASSWORD : OTHER_PASSWORD;
    const loser = winner === NEW_PASSWORD ? OTHER_PASSWORD : NEW_PASSWORD;
    expect((await signIn(String(viewer.email), winner)).statusCode).toBe(200);
    expect((await signIn(String(viewer.email), loser)).statusCode).toBe(401);
  });

  it('changes the address by a code sent to the new one and tells the old one', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const oldEmail = String(viewer.email);
    const newEmail = `moved-${Date.now()}@example.com`;
    const wrong = await post(
      '/api/account/change-email/code',
      { email: newEmail, currentPassword: 'Not-The-Password-1' },
      viewer.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_password');
    const same = await post(
      '/api/account/change-email/code',
      { email: oldEmail.toUpperCase(), currentPassword: TEST_PASSWORD },
      viewer.headers,
    );
    expect(same.json().error.code).toBe('same_email');

    const send = await post(
      '/api/account/change-email/code',
      { email: newEmail, currentPassword: TEST_PASSWORD },
      viewer.headers,
    );
    expect(send.statusCode, send.body).toBe(202);
    const code = await latestCode(testApp.app, newEmail);
    const changed = await post('/api/account/change-email', { email: newEmail, code }, viewer.headers);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({ id: viewer.userId, email: newEmail, emailVerified: true });
    expect((await me(viewer.headers)).user.email).toBe(newEmail);

    const told = (await emailsTo(testApp.app, oldEmail)).at(-1);
    expect(told?.subject).toBe('Your Tagscout email address was changed');
    expect(told?.body_text).toContain(newEmail);
    expect((await signIn(newEmail, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(oldEmail, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('never says an address has an account before its code proves the mailbox, and a code moves only to its address', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const owner = await createTestViewer(testApp.app, 'free');
    const free = `free-${Date.now()}@example.com`;
    const taken = await post(
      '/api/account/change-email/code',
      { email: String(owner.email), currentPassword: TEST_PASSWORD },
      viewer.headers,
    );
    const open = await post(
      '/api/account/change-email/code',
      { email: free, currentPassword: TEST_PASSWORD },
      viewer.headers,
    );
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual(open.json());
    // The owner is told someone tried, and gets no code.
    const mail = (await emailsTo(testApp.app, String(owner.email))).at(-1);
    expect(mail?.subject).toBe('Someone tried to move a Tagscout account to this address');
    expect(await codesTo(String(owner.email))).toEqual([]);

    const code = await latestCode(testApp.app, free);
    const elsewhere = `elsewhere-${Date.now()}@example.com`;
    const moved = await post('/api/account/change-email', { email: elsewhere, code }, viewer.headers);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.code).toBe('code_not_verified');
    expect((await me(viewer.headers)).user.email).toBe(viewer.email);

    const noPassword = await createTestViewer(testApp.app, 'emailTrial');
    const refused = await post(
      '/api/account/change-email/code',
      { email: `np-${Date.now()}@example.com`, currentPassword: 'anything' },
      noPassword.headers,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('no_password');
  });

  it('gives a free address to one of two accounts moving to it at once; the other is told it is taken', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const bob = await createTestViewer(testApp.app, 'free');
    const target = `contested-${Date.now()}@example.com`;
    for (const viewer of [ana, bob]) {
      const send = await post(
        '/api/account/change-email/code',
        { email: target, currentPassword: TEST_PASSWORD },
        viewer.headers,
      );
      expect(send.statusCode, send.body).toBe(202);
      clock.advance(61_000);
    }
    const [anaCode, bobCode] = await codesTo(target);
    const answers = await Promise.all([
      post('/api/account/change-email', { email: target, code: String(anaCode) }, ana.headers),
      post('/api/account/change-email', { email: target, code: String(bobCode) }, bob.headers),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().error.code).toBe('email_taken');
    const owners = await testApp.app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', target)
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('signs an account without a password in by an emailed code, answering every address alike', async () => {
    const viewer = await createTestViewer(testApp.app, 'emailTrial');
    const email = String(viewer.email).toLowerCase();
    const unknown = `nobody-${Date.now()}@example.com`;
    const byPassword = await signIn(email, 'Any-Password-1');
    expect(byPassword.statusCode).toBe(401);
    expect(byPassword.json().error.message).toContain('code');

    const known = await post('/api/account/sign-in-code', { email });
    const stranger = await post('/api/account/sign-in-code', { email: unknown });
    expect(known.statusCode).toBe(202);
    expect(stranger.statusCode).toBe(202);
    expect(known.json()).toEqual(stranger.json());
    expect(await codesTo(unknown)).toEqual([]);

    const code = await latestCode(testApp.app, email);
    const signedIn = await post('/api/account/sign-in-with-code', { email, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: viewer.userId, email, hasPassword: false });
    const session = { cookie: cookieHeader(signedIn.headers['set-cookie']) };
    expect((await me(session)).user.id).toBe(viewer.userId);

    const nobody = await post('/api/account/sign-in-with-code', { email: unknown, code: '123456' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.code).toBe('code_not_verified');
  });

  it('limits the account routes like the other auth posts: 10 a minute from one address', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const ip = freshIp();
    clock.startNextWindow(60_000);
    const statuses: number[] = [];
    for (let call = 0; call < 11; call++) {
      const response = await post(
        '/api/account/change-email/code',
        // Valid, but the address is the account's own: refused after the limit counted it.
        { email: String(viewer.email), currentPassword: TEST_PASSWORD },
        viewer.headers,
        ip,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
