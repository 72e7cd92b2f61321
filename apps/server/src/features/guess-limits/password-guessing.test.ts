import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp, latestCode, TEST_PASSWORD, testClock } from '../../test/test-users.js';
import { CODE_ATTEMPTS } from '../sessions/better-auth.js';
import { THROTTLE } from './throttle.js';

const NEW_PASSWORD = 'New-Lighthouse-7';
const WRONG_PASSWORD = 'Wrong-Password-1';
const SLOWED_SECONDS = THROTTLE.slowedGuessIntervalMs / 1000;

/** The database's counters, and Redis's (with a prefix of this run's own) when REDIS_URL is set. */
const stores: [string, Partial<Config>][] = [
  ...testDialects.map((dialect): [string, Partial<Config>] => [dialect, {}]),
  ...(process.env.REDIS_URL
    ? testDialects.map((dialect): [string, Partial<Config>] => [
        `${dialect}+redis`,
        { REDIS_URL: process.env.REDIS_URL, JOB_QUEUE_PREFIX: `test-${randomUUID()}` },
      ])
    : []),
];

/** Password and code guessing over real HTTP: a guess is counted before it is checked, whatever the concurrency. */
describe.each(stores)('guessing (%s)', (name, overrides) => {
  const dialect = name.startsWith('postgres') ? 'postgres' : 'sqlite';
  let testApp: TestApp;
  let base = '';
  const clock = testClock();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now, TRUST_PROXY: 1, ...overrides });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => testApp.close());

  async function post(path: string, body: object, from: { ip?: string; cookie?: string } = {}) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: base,
        'x-forwarded-for': from.ip ?? freshIp(),
        ...(from.cookie && { cookie: from.cookie }),
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      retryAfter: Number(response.headers.get('retry-after')),
      cookie: response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
      body: (await response.json()) as Record<string, unknown>,
    };
  }
  const signIn = (email: string, password: string, from?: { ip?: string; cookie?: string }) =>
    post('/api/account/sign-in', { email, password }, from);
  /** The known-device cookie alone, of a sign-in's cookies. */
  const knownDeviceCookie = (cookies: string) =>
    cookies.split('; ').find((cookie) => cookie.startsWith('known_device=')) ?? '';
  /** Spends an address's own budget for the account (no cookie), so only a known device gets in from there. */
  const spendAddress = async (email: string, ip: string) => {
    for (let guess = 0; guess < THROTTLE.guessesPerAccountAndAddress; guess++) {
      expect((await signIn(email, WRONG_PASSWORD, { ip })).status).toBe(401);
    }
    expect((await signIn(email, TEST_PASSWORD, { ip })).status).toBe(429);
  };
  /** Wrong guesses from `addresses` addresses, as many from each as the per-address limit allows. */
  const guessFromAddresses = async (email: string, addresses: number) => {
    for (let address = 0; address < addresses; address++) {
      const ip = freshIp();
      for (let guess = 0; guess < THROTTLE.guessesPerAccountAndAddress; guess++) {
        expect((await signIn(email, WRONG_PASSWORD, { ip })).status).toBe(401);
      }
    }
  };

  it('checks at most 11 of 100 simultaneous guesses from 100 addresses, then only slows the account by minutes at most', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, index) => signIn(email, index === 60 ? TEST_PASSWORD : WRONG_PASSWORD)),
    );
    const statuses = burst.map((answer) => answer.status);
    const checked = statuses.filter((status) => status === 401 || status === 200).length;
    // The account's ceiling, and one slowed guess.
    expect(checked).toBeLessThanOrEqual(THROTTLE.guessesPerAccount + 1);
    expect(statuses.filter((status) => status === 429).length).toBe(100 - checked);

    const slowed = await signIn(email, TEST_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBeGreaterThan(0);
    expect(slowed.retryAfter).toBeLessThanOrEqual(SLOWED_SECONDS);
    clock.advance(slowed.retryAfter * 1000);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('does not lock the owner out after the account’s 10 wrong guesses from 2 addresses', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    await guessFromAddresses(email, THROTTLE.guessesPerAccount / THROTTLE.guessesPerAccountAndAddress);
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('lets a known device in however many others guess, and limits its own wrong guesses on its own key', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    const { cookie } = await signIn(email, TEST_PASSWORD);
    expect(cookie).not.toBe('');
    // An office's shared address: an attacker behind it spends that address's budget for the account.
    const office = freshIp();
    await guessFromAddresses(email, THROTTLE.guessesPerAccount / THROTTLE.guessesPerAccountAndAddress);
    const attack = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        signIn(email, WRONG_PASSWORD, {
          ip: index < THROTTLE.guessesPerAccountAndAddress ? office : undefined,
        }),
      ),
    );
    expect(attack.filter((answer) => answer.status === 429).length).toBeGreaterThan(30);
    expect((await signIn(email, TEST_PASSWORD, { ip: office })).status).toBe(429);

    expect((await signIn(email, TEST_PASSWORD, { ip: office, cookie })).status).toBe(200);
    const home = freshIp();
    for (let guess = 0; guess < THROTTLE.guessesPerKnownDevice; guess++) {
      expect((await signIn(email, WRONG_PASSWORD, { ip: home, cookie })).status).toBe(401);
    }
    expect((await signIn(email, TEST_PASSWORD, { ip: home, cookie })).status).toBe(429);
  });

  it('counts a known device’s wrong guesses apart from its address’s', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    const { cookie } = await signIn(email, TEST_PASSWORD);
    const ip = freshIp();
    for (let guess = 0; guess < THROTTLE.guessesPerKnownDevice; guess++) {
      expect((await signIn(email, WRONG_PASSWORD, { ip, cookie })).status).toBe(401);
    }
    // Another browser at the same address has spent nothing.
    expect((await signIn(email, TEST_PASSWORD, { ip })).status).toBe(200);
  });

  it('takes a known-device cookie of one account for nothing on another', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const attacker = await createTestViewer(testApp.app, 'paying');
    const victim = await createTestViewer(testApp.app, 'paying');
    const victimEmail = String(victim.email);
    const cookie = knownDeviceCookie((await signIn(String(attacker.email), TEST_PASSWORD)).cookie);
    const own = knownDeviceCookie((await signIn(victimEmail, TEST_PASSWORD)).cookie);
    expect(cookie).not.toBe('');
    const ip = freshIp();
    // The address has no guesses left for the victim: only a known device of the victim gets in from it.
    await spendAddress(victimEmail, ip);
    expect((await signIn(victimEmail, TEST_PASSWORD, { ip, cookie })).status).toBe(429);
    const forged = own.replace(/=(.)/, (_, first: string) => `=${first === 'a' ? 'b' : 'a'}`);
    expect((await signIn(victimEmail, TEST_PASSWORD, { ip, cookie: forged })).status).toBe(429);
    expect((await signIn(victimEmail, TEST_PASSWORD, { ip, cookie: own })).status).toBe(200);
  });

  it('revokes every known-device cookie of the account at a password reset', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    const cookie = knownDeviceCookie((await signIn(email, TEST_PASSWORD)).cookie);
    expect((await post('/api/account/forgot-password', { email })).status).toBe(202);
    const code = await latestCode(testApp.app, email);
    const reset = await post('/api/account/reset-password', {
      email,
      code,
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const ip = freshIp();
    for (let guess = 0; guess < THROTTLE.guessesPerAccountAndAddress; guess++) {
      expect((await signIn(email, WRONG_PASSWORD, { ip })).status).toBe(401);
    }
    // The old cookie is an unknown device now: the address's spent budget applies to it.
    expect((await signIn(email, NEW_PASSWORD, { ip, cookie })).status).toBe(429);
    // A sign-in after the reset makes the browser known again.
    const renewed = knownDeviceCookie((await signIn(email, NEW_PASSWORD)).cookie);
    expect((await signIn(email, NEW_PASSWORD, { ip, cookie: renewed })).status).toBe(200);
  });

  it('revokes every known-device cookie of the account at a sign-out everywhere', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    const first = await signIn(email, TEST_PASSWORD);
    const cookie = knownDeviceCookie(first.cookie);
    const other = knownDeviceCookie((await signIn(email, TEST_PASSWORD)).cookie);
    expect((await post('/api/account/sign-out', {}, { cookie: first.cookie })).status).toBe(200);
    const ip = freshIp();
    await spendAddress(email, ip);
    expect((await signIn(email, TEST_PASSWORD, { ip, cookie })).status).toBe(429);
    expect((await signIn(email, TEST_PASSWORD, { ip, cookie: other })).status).toBe(429);
  });

  it('checks at most 100 wrong guesses in any hour, from many addresses and many known-device cookies of the account', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    // Someone who once had the password signed in many times: each sign-in minted a cookie.
    const minted: string[] = [];
    for (let device = 0; device < 8; device++) {
      minted.push(knownDeviceCookie((await signIn(email, TEST_PASSWORD)).cookie));
    }
    // The hour starts three minutes before a window ends, so it meets five windows.
    clock.advance(THROTTLE.guessWindowMs - 3 * 60_000);
    let checked = 0;
    let longestWait = 0;
    for (let second = 0; second < 3600; second += 30) {
      const unknown = await Promise.all([signIn(email, WRONG_PASSWORD), signIn(email, WRONG_PASSWORD)]);
      const known = await Promise.all(minted.map((cookie) => signIn(email, WRONG_PASSWORD, { cookie })));
      checked += [...unknown, ...known].filter((answer) => answer.status === 401).length;
      for (const answer of unknown)
        if (answer.status === 429) longestWait = Math.max(longestWait, answer.retryAfter);
      clock.advance(30_000);
    }
    expect(checked).toBeLessThanOrEqual(100);
    // Slowed, not shut: every window still checks its budgets.
    expect(checked).toBeGreaterThanOrEqual(
      4 * (THROTTLE.guessesPerAccount + THROTTLE.guessesPerKnownDevices),
    );
    // Slowed, never locked: a new device is told to wait at most the slowed interval.
    expect(longestWait).toBeLessThanOrEqual(SLOWED_SECONDS);
  }, 180_000);

  it('never puts the emailed codes under an account-wide budget: others’ wrong codes from many addresses leave the owner’s code working', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'free');
    const email = String(viewer.email);
    const reset = (code: string, ip?: string) =>
      post(
        '/api/account/reset-password',
        { email, code, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
        { ...(ip && { ip }) },
      );
    // Wrong codes from many addresses, each within its own limit, before the owner asks for a code.
    for (let address = 0; address < 6; address++) {
      const ip = freshIp();
      for (let guess = 0; guess < THROTTLE.guessesPerAccountAndAddress; guess++) await reset('000000', ip);
    }
    expect((await post('/api/account/forgot-password', { email })).status).toBe(202);
    const code = await latestCode(testApp.app, email);
    const answer = await reset(code);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  it('never blocks the emailed codes by password guesses: a code signs in, and a reset renews the account’s budget', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    await Promise.all(Array.from({ length: 100 }, () => signIn(email, WRONG_PASSWORD)));
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(429);

    expect((await post('/api/trial/trialRegister', { uuid: randomUUID(), email })).status).toBe(200);
    const signInCode = await latestCode(testApp.app, email);
    const byCode = await post('/api/trial/verifyAccount', { email, code: signInCode });
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect(byCode.body).toMatchObject({ alreadyRegistered: true });

    clock.advance(61_000);
    expect((await post('/api/account/forgot-password', { email })).status).toBe(202);
    const code = await latestCode(testApp.app, email);
    const reset = await post('/api/account/reset-password', {
      email,
      code,
      password: NEW_PASSWORD,
      passwordConfirm: NEW_PASSWORD,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    // Checked at once, not slowed.
    expect((await signIn(email, WRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(email, WRONG_PASSWORD)).status).toBe(401);
  });

  it('locks one address after 5 guesses without spending the account’s budget for others', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    const attacker = freshIp();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, () => signIn(email, WRONG_PASSWORD, { ip: attacker })),
    );
    expect(guesses.filter((answer) => answer.status === 401)).toHaveLength(
      THROTTLE.guessesPerAccountAndAddress,
    );
    const refused = guesses.find((answer) => answer.status === 429);
    expect(refused?.body).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await signIn(email, TEST_PASSWORD)).status).toBe(200);
    // The window ends and the address may guess again.
    clock.startNextWindow(THROTTLE.guessWindowMs);
    expect((await signIn(email, WRONG_PASSWORD, { ip: attacker })).status).toBe(401);
  });

  it('checks one emailed code at most 5 times, however many guesses arrive at once; a new code starts afresh', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'free');
    const email = String(viewer.email);
    const reset = (code: string) =>
      post('/api/account/reset-password', {
        email,
        code,
        password: NEW_PASSWORD,
        passwordConfirm: NEW_PASSWORD,
      });
    expect((await post('/api/account/forgot-password', { email })).status).toBe(202);
    const code = await latestCode(testApp.app, email);
    const wrongCodes = Array.from({ length: 20 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(wrongCodes.map(reset));
    const errorCodes = answers.map((answer) => (answer.body.error as { code: string }).code);
    expect(errorCodes.filter((error) => error === 'code_not_verified').length).toBeLessThanOrEqual(
      CODE_ATTEMPTS,
    );
    expect(errorCodes.filter((error) => error === 'code_expired').length).toBeGreaterThanOrEqual(
      wrongCodes.length - CODE_ATTEMPTS,
    );
    expect((await reset(code)).body).toMatchObject({ error: { code: 'code_expired' } });

    clock.advance(61_000);
    expect((await post('/api/account/forgot-password', { email })).status).toBe(202);
    const newCode = await latestCode(testApp.app, email);
    expect((await reset(newCode)).status).toBe(200);
  });

  it.runIf(name.endsWith('redis'))('keeps its Redis counters under the deployment prefix', async () => {
    await signIn(`prefix-${randomUUID()}@example.com`, WRONG_PASSWORD);
    const redis = new Redis(String(process.env.REDIS_URL));
    try {
      expect(await redis.keys(`${overrides.JOB_QUEUE_PREFIX}:limits*`)).not.toHaveLength(0);
    } finally {
      redis.disconnect();
    }
  });
});
