import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import {
  cookieHeader,
  createTestViewer,
  emailsTo,
  freshIp,
  latestCode,
  testClock,
} from '../../test/test-users.js';

const ORIGIN = 'http://localhost:80';
const PASSWORD = 'Blue-Whale-42x';

describe.each(testDialects)('identity on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  let n = 0;
  const newEmail = () => `person${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now });
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: ORIGIN, ...headers },
      remoteAddress: freshIp(),
    });
  const me = (headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url: '/api/account/me', headers });

  async function registerAccount(email = newEmail(), password = PASSWORD) {
    const signUp = await post('/api/account/sign-up', {
      email,
      password,
      passwordConfirm: password,
    });
    expect(signUp.statusCode).toBe(202);
    const code = await latestCode(testApp.app, email);
    const verify = await post('/api/account/verify-email', { email, code });
    expect(verify.statusCode, verify.body).toBe(200);
    return { email, cookie: cookieHeader(verify.headers['set-cookie']), verify };
  }

  async function signIn(email: string, password = PASSWORD, extra: object = {}) {
    return post('/api/account/sign-in', { email, password, ...extra });
  }

  it('signs up with the code from the outbox and signs in by cookie, with no billing id', async () => {
    const email = newEmail();
    const signUp = await post('/api/account/sign-up', {
      email: email.toUpperCase(),
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(signUp.statusCode).toBe(202);
    expect(signUp.json()).toEqual({ status: 'check_email', message: expect.any(String) });
    const code = await latestCode(testApp.app, email);
    expect(code).toMatch(/^\d{6}$/);

    const verify = await post('/api/account/verify-email', { email, code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ email, emailVerified: true, hasPassword: true });
    expect(verify.json().account.billingId).toBeNull();
    const setCookie = String(verify.headers['set-cookie']);
    expect(setCookie).toMatch(/^sid=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');

    const session = await me({ cookie: cookieHeader(verify.headers['set-cookie']) });
    expect(session.json().user.email).toBe(email);
    expect(session.json().capabilities.canLogout).toBe(true);
  });

  it('never stores the code in clear: only an HMAC of it', async () => {
    const { email } = { email: newEmail() };
    await post('/api/account/sign-up', { email, password: PASSWORD, passwordConfirm: PASSWORD });
    const code = await latestCode(testApp.app, email);
    const rows = await testApp.app.database.db.selectFrom('verifications').select('value').execute();
    expect(rows.some((row) => row.value.includes(code))).toBe(false);
  });

  it('refuses passwords that break the password rules, are too long or too common', async () => {
    const cases: [string, string][] = [
      ['Short-1a', 'Short-1a'],
      ['nouppercase-42', 'nouppercase-42'],
      ['NOLOWERCASE-42', 'NOLOWERCASE-42'],
      ['No-Digits-Here', 'No-Digits-Here'],
      ['NoSpecial42abc', 'NoSpecial42abc'],
      [PASSWORD, `${PASSWORD}!`],
      [`Aa1-${'x'.repeat(125)}`, `Aa1-${'x'.repeat(125)}`],
      ['Password123!', 'Password123!'],
      ['Sunshine-2024', 'Sunshine-2024'],
      ['My-Tagscout-1', 'My-Tagscout-1'],
    ];
    for (const [password, passwordConfirm] of cases) {
      const response = await post('/api/account/sign-up', { email: newEmail(), password, passwordConfirm });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.code, password).toBe('weak_password');
    }
  });

  it('signs in with a cookie and with a bearer token', async () => {
    const { email } = await registerAccount();
    const byCookie = await signIn(email);
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().token).toBeUndefined();
    expect((await me({ cookie: cookieHeader(byCookie.headers['set-cookie']) })).json().user.email).toBe(
      email,
    );

    const byBearer = await signIn(email, PASSWORD, { session: 'bearer' });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.headers['set-cookie']).toBeUndefined();
    const token = byBearer.json().token as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const viaBearer = await me({ authorization: `Bearer ${token}` });
    expect(viaBearer.json().user.email).toBe(email);
    expect(viaBearer.json().capabilities.group).toBe('free');
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const { email } = await registerAccount();
    const wrong = await signIn(email, 'Not-The-Password-1');
    const unknown = await signIn(newEmail(), 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      error: {
        code: 'invalid_credentials',
        message: expect.stringMatching(/^Incorrect username or password\. .*code we email you/),
      },
    });
    const headerNames = (response: typeof wrong) =>
      Object.keys(response.headers)
        .filter((h) => h !== 'date')
        .sort();
    expect(headerNames(unknown)).toEqual(headerNames(wrong));
  });

  it('answers a duplicate sign-up like a new one and emails the owner instead', async () => {
    const { email } = await registerAccount();
    const fresh = await post('/api/account/sign-up', {
      email: newEmail(),
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    clock.advance(61_000);
    const duplicate = await post('/api/account/sign-up', {
      email,
      password: 'Other-Pass-99x',
      passwordConfirm: 'Other-Pass-99x',
    });
    expect(duplicate.statusCode).toBe(fresh.statusCode);
    expect(duplicate.body).toBe(fresh.body);
    const mails = await emailsTo(testApp.app, email);
    expect(mails.at(-1)?.subject).toBe('You already have a Tagscout account');
    expect((await signIn(email, 'Other-Pass-99x')).statusCode).toBe(401);
    expect((await signIn(email)).statusCode).toBe(200);
  });

  it('answers resend-code alike for known and unknown addresses', async () => {
    const { email } = await registerAccount();
    clock.advance(61_000);
    const known = await post('/api/account/resend-code', { email, purpose: 'reset-password' });
    const unknown = await post('/api/account/resend-code', { email: newEmail(), purpose: 'reset-password' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });

  it('keeps a session cookie only for the browser session without remember-me', async () => {
    const { email } = await registerAccount();
    const forgetful = await signIn(email, PASSWORD, { rememberMe: false });
    const sid = [forgetful.headers['set-cookie']].flat().find((cookie) => String(cookie).startsWith('sid='));
    expect(sid).toBeDefined();
    expect(String(sid)).not.toContain('Max-Age');
    expect((await me({ cookie: cookieHeader(forgetful.headers['set-cookie']) })).json().user.email).toBe(
      email,
    );
  });

  it('refuses auth bodies over 16 KiB', async () => {
    const response = await post('/api/account/sign-in', {
      email: newEmail(),
      password: 'x'.repeat(17 * 1024),
    });
    expect(response.statusCode).toBe(413);
  });

  it('signs out everywhere: every session of the user ends, and the answer is a free visitor', async () => {
    const { email, cookie } = await registerAccount();
    const second = await signIn(email, PASSWORD, { session: 'bearer' });
    const bearer = { authorization: `Bearer ${second.json().token}` };
    expect((await me(bearer)).json().user).not.toBeNull();

    const signOut = await post('/api/account/sign-out', {}, { cookie });
    expect(signOut.statusCode).toBe(200);
    expect(signOut.json().user).toBeNull();
    expect(signOut.json().capabilities.group).toBe('free');
    expect(signOut.json().account.trialStatus).toBe('unregistered');
    expect(String(signOut.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await me({ cookie })).json().user).toBeNull();
    expect((await me(bearer)).json().user).toBeNull();
  });

  it('resets the password with a code and ends every session', async () => {
    const { email, cookie } = await registerAccount();
    clock.advance(61_000);
    const forgot = await post('/api/account/forgot-password', { email });
    const unknown = await post('/api/account/forgot-password', { email: newEmail() });
    expect(forgot.statusCode).toBe(202);
    expect(unknown.body).toBe(forgot.body);
    const code = await latestCode(testApp.app, email);

    const weak = await post('/api/account/reset-password', {
      email,
      code,
      password: 'weak',
      passwordConfirm: 'weak',
    });
    expect(weak.json().error.code).toBe('weak_password');
    const reset = await post('/api/account/reset-password', {
      email,
      code,
      password: 'New-Lighthouse-7',
      passwordConfirm: 'New-Lighthouse-7',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'password_reset' });
    expect((await me({ cookie })).json().user).toBeNull();
    expect((await signIn(email)).statusCode).toBe(401);
    expect((await signIn(email, 'New-Lighthouse-7')).statusCode).toBe(200);
    expect((await emailsTo(testApp.app, email)).at(-1)?.subject).toBe('Your Tagscout password was changed');
  });

  it('accepts a code at 9:59 and refuses it at 10:01 (server clock)', async () => {
    const early = newEmail();
    await post('/api/account/sign-up', { email: early, password: PASSWORD, passwordConfirm: PASSWORD });
    const late = newEmail();
    await post('/api/account/sign-up', { email: late, password: PASSWORD, passwordConfirm: PASSWORD });
    const earlyCode = await latestCode(testApp.app, early);
    const lateCode = await latestCode(testApp.app, late);
    clock.advance(599_000);
    const ok = await post('/api/account/verify-email', { email: early, code: earlyCode });
    expect(ok.statusCode, ok.body).toBe(200);
    clock.advance(2_000);
    const expired = await post('/api/account/verify-email', { email: late, code: lateCode });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('code_expired');
  });

  it('voids a code after 5 wrong guesses', async () => {
    const email = newEmail();
    await post('/api/account/sign-up', { email, password: PASSWORD, passwordConfirm: PASSWORD });
    const code = await latestCode(testApp.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post('/api/account/verify-email', { email, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'code_not_verified',
          message: 'The code you entered was not verified, check the code and try again.',
        },
      });
    }
    clock.advance(3_000); // past the 2 s lock the sixth failure would bring
    const right = await post('/api/account/verify-email', { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('code_expired');
  });

  it('accepts a code only once', async () => {
    const email = newEmail();
    await post('/api/account/sign-up', { email, password: PASSWORD, passwordConfirm: PASSWORD });
    const code = await latestCode(testApp.app, email);
    expect((await post('/api/account/verify-email', { email, code })).statusCode).toBe(200);
    const again = await post('/api/account/verify-email', { email, code });
    expect(again.statusCode).toBe(400);
  });

  it('voids older codes when a new one is sent', async () => {
    const email = newEmail();
    await post('/api/account/sign-up', { email, password: PASSWORD, passwordConfirm: PASSWORD });
    const first = await latestCode(testApp.app, email);
    clock.advance(61_000);
    const resend = await post('/api/account/resend-code', { email, purpose: 'verify-email' });
    expect(resend.statusCode).toBe(202);
    const second = await latestCode(testApp.app, email);
    if (first !== second) {
      expect((await post('/api/account/verify-email', { email, code: first })).statusCode).toBe(400);
    }
    expect((await post('/api/account/verify-email', { email, code: second })).statusCode).toBe(200);
  });

  it('binds a code to its purpose: a reset code does not verify a sign-up', async () => {
    const { email } = await registerAccount();
    clock.advance(61_000);
    await post('/api/account/forgot-password', { email });
    const resetCode = await latestCode(testApp.app, email);
    const misuse = await post('/api/account/verify-email', { email, code: resetCode });
    expect(misuse.statusCode).toBe(400);
  });

  it('refuses a state-changing cookie request from a foreign origin (CSRF)', async () => {
    const { cookie } = await registerAccount();
    const foreign = await post('/api/account/sign-out', {}, { cookie, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('csrf_rejected');
    const crossSite = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/sign-out',
      payload: {},
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const noOrigin = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/sign-out',
      payload: {},
      headers: { cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await me({ cookie })).json().user).not.toBeNull();
    const trusted = await post('/api/account/sign-out', {}, { cookie, origin: 'capacitor://localhost' });
    expect(trusted.statusCode).toBe(200);
  });

  it('ends a session after 7 idle days, and after 30 days whatever the use', async () => {
    // Its own app and clock: Better Auth stamps sessions with the system time.
    const ownClock = testClock();
    const own = await buildTestApp(dialect, { now: ownClock.now });
    try {
      const idle = await createTestViewer(own.app, 'free');
      const busy = await createTestViewer(own.app, 'free');
      const meOf = async (headers: Record<string, string>) =>
        (await own.app.inject({ method: 'GET', url: '/api/account/me', headers })).json().user;
      ownClock.advance(6 * 86_400_000);
      expect(await meOf(idle.headers)).not.toBeNull();
      // Better Auth slides a used session's idle expiry forward; stand in for daily use of "busy".
      await own.app.database.db
        .updateTable('sessions')
        .set({ expiresAt: toDbDate(dialect, Date.now() + 60 * 86_400_000) })
        .where('userId', '=', busy.userId ?? '')
        .execute();
      ownClock.advance(86_400_000 + 1000);
      expect(await meOf(idle.headers)).toBeNull();
      expect(await meOf(busy.headers)).not.toBeNull();
      ownClock.advance(22 * 86_400_000);
      expect(await meOf(busy.headers)).not.toBeNull();
      ownClock.advance(86_400_000);
      expect(await meOf(busy.headers)).toBeNull();
    } finally {
      await own.close();
    }
  });

  it('names the cookies __Host-sid and __Host-known_device with Secure over HTTPS and reads only that name there', async () => {
    const https = await buildTestApp(dialect, { TRUST_PROXY: 1 });
    try {
      const email = newEmail();
      const proto = { 'x-forwarded-proto': 'https', origin: 'https://localhost:80' };
      await https.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        headers: proto,
        payload: { email, password: PASSWORD, passwordConfirm: PASSWORD },
      });
      const code = await latestCode(https.app, email);
      const verify = await https.app.inject({
        method: 'POST',
        url: '/api/account/verify-email',
        headers: proto,
        payload: { email, code },
      });
      const setCookie = String(verify.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-sid=/);
      expect(setCookie).toContain('Secure');
      const knownDevice = [verify.headers['set-cookie']]
        .flat()
        .find((cookie) => cookie?.startsWith('__Host-known_device='));
      expect(knownDevice).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      const value = cookieHeader(verify.headers['set-cookie']).replace('__Host-sid=', '');
      const good = await https.app.inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { ...proto, cookie: `__Host-sid=${value}` },
      });
      expect(good.json().user.email).toBe(email);
      const planted = await https.app.inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { ...proto, cookie: `sid=${value}` },
      });
      expect(planted.json().user).toBeNull();
    } finally {
      await https.close();
    }
  });
});

function toDbDate(dialect: string, ms: number): string | Date {
  return dialect === 'sqlite' ? new Date(ms).toISOString() : new Date(ms);
}
