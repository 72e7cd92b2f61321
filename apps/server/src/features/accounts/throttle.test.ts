import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import {
  createTestViewer,
  freshIp,
  latestCode,
  pacedInject,
  TEST_PASSWORD,
  testClock,
  untilSettled,
} from '../../test/test-users.js';

const ORIGIN = 'http://localhost:80';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Each database, and Redis as the counter store when REDIS_URL is set. */
const stores: [string, Partial<Config>][] = [
  ...testDialects.map((dialect): [string, Partial<Config>] => [dialect, {}]),
  ...(process.env.REDIS_URL
    ? [['sqlite+redis', { REDIS_URL: process.env.REDIS_URL }] as [string, Partial<Config>]]
    : []),
];

describe.each(stores)('brute-force limits (%s)', (name, overrides) => {
  const dialect = name.startsWith('postgres') ? 'postgres' : 'sqlite';
  let testApp: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now, ...overrides });
    await untilSettled(testApp.app);
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object, ip = freshIp()) =>
    pacedInject(testApp.app, {
      method: 'POST',
      url,
      payload,
      headers: { origin: ORIGIN },
      remoteAddress: ip,
    });
  const signIn = (email: string, password: string, ip?: string) =>
    post('/api/account/sign-in', { email, password }, ip);

  it('locks an account after 5 free failures for 2^(n-5) s, caps the lock at 15 minutes, never for good', async () => {
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = viewer.email ?? '';
    for (let failure = 1; failure <= 6; failure++) {
      expect((await signIn(email, 'Wrong-Password-1')).statusCode).toBe(401);
    }
    // Six failures: locked for 2^(6-5) = 2 s, even with the right password.
    const locked = await signIn(email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    expect(locked.headers['retry-after']).toBe('2');
    clock.advance(2000);
    expect((await signIn(email, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await signIn(email, TEST_PASSWORD)).headers['retry-after']).toBe('4');

    let lockSeconds = 4;
    for (let failures = 8; failures <= 16; failures++) {
      clock.advance(lockSeconds * 1000);
      expect((await signIn(email, 'Wrong-Password-1')).statusCode).toBe(401);
      const refused = await signIn(email, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      lockSeconds = Number(refused.headers['retry-after']);
      expect(lockSeconds).toBe(Math.min(2 ** (failures - 5), 900));
    }
    expect(lockSeconds).toBe(900);
    clock.advance(900_000);
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    // A success forgets the failures: 5 free ones again.
    for (let failure = 1; failure <= 5; failure++) {
      expect((await signIn(email, 'Wrong-Password-1')).statusCode).toBe(401);
    }
    expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets failures after 15 quiet minutes, and locks unknown addresses the same way', async () => {
    const unknown = `nobody-${randomUUID()}@example.com`;
    for (let failure = 1; failure <= 6; failure++)
      expect((await signIn(unknown, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await signIn(unknown, 'Wrong-Password-1')).statusCode).toBe(429);
    clock.advance(15 * MINUTE + 2000);
    for (let failure = 1; failure <= 6; failure++)
      expect((await signIn(unknown, 'Wrong-Password-1')).statusCode).toBe(401);
  });

  it('allows 10 auth POSTs a minute per IP', async () => {
    clock.startNextWindow(MINUTE);
    const ip = freshIp();
    for (let request = 1; request <= 10; request++) {
      expect(
        (await signIn(`x${request}-${randomUUID()}@example.com`, 'Wrong-Password-1', ip)).statusCode,
      ).toBe(401);
    }
    const eleventh = await post('/api/trial/checkEmail', { email: 'a@example.com' }, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('y@example.com', 'Wrong-Password-1', freshIp())).statusCode).toBe(401);
    clock.advance(MINUTE);
    expect((await signIn('z@example.com', 'Wrong-Password-1', ip)).statusCode).toBe(401);
  });

  it('sends codes at most once a minute and 5 times an hour per address', async () => {
    clock.startNextWindow(HOUR);
    const email = `codes-${randomUUID()}@example.com`;
    const forgot = () => post('/api/account/forgot-password', { email });
    expect((await forgot()).statusCode).toBe(202);
    const tooSoon = await forgot();
    expect(tooSoon.statusCode).toBe(429);
    for (let send = 2; send <= 5; send++) {
      clock.advance(MINUTE);
      expect((await forgot()).statusCode).toBe(202);
    }
    clock.advance(MINUTE);
    expect((await forgot()).statusCode).toBe(429);
    clock.startNextWindow(HOUR);
    expect((await forgot()).statusCode).toBe(202);
  });

  it('sends at most 20 codes an hour from one IP', async () => {
    clock.startNextWindow(HOUR);
    const ip = freshIp();
    for (let send = 1; send <= 20; send++) {
      if (send % 10 === 1 && send > 1) clock.advance(MINUTE); // the per-IP POST budget
      const response = await post(
        '/api/account/forgot-password',
        { email: `ip-${send}-${randomUUID()}@example.com` },
        ip,
      );
      expect(response.statusCode).toBe(202);
    }
    clock.advance(MINUTE);
    const refused = await post(
      '/api/account/forgot-password',
      { email: `ip-21-${randomUUID()}@example.com` },
      ip,
    );
    expect(refused.statusCode).toBe(429);
  });

  it('limits code checks per account: wrong codes lock the address after 5', async () => {
    const viewer = await createTestViewer(testApp.app, 'free');
    const email = viewer.email ?? '';
    clock.advance(MINUTE);
    await post('/api/account/forgot-password', { email });
    const code = await latestCode(testApp.app, email);
    const wrong = code === '123456' ? '654321' : '123456';
    const reset = (otp: string) =>
      post('/api/account/reset-password', {
        email,
        code: otp,
        password: 'New-Lighthouse-7',
        passwordConfirm: 'New-Lighthouse-7',
      });
    for (let attempt = 1; attempt <= 6; attempt++) expect((await reset(wrong)).statusCode).toBe(400);
    const locked = await reset(code);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('2');
  });

  it('starts at most 30 anonymous trials an hour from one IP', async () => {
    clock.startNextWindow(HOUR);
    const ip = freshIp();
    for (let trial = 1; trial <= 30; trial++) {
      if (trial % 10 === 1 && trial > 1) clock.advance(MINUTE);
      const response = await post('/api/trial/trialRegister', { uuid: randomUUID() }, ip);
      expect(response.statusCode).toBe(200);
    }
    clock.advance(MINUTE);
    const refused = await post('/api/trial/trialRegister', { uuid: randomUUID() }, ip);
    expect(refused.statusCode).toBe(429);
    expect((await post('/api/trial/trialRegister', { uuid: randomUUID() }, freshIp())).statusCode).toBe(200);
  });
});
