import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp, latestCode, TEST_PASSWORD, testClock } from '../../test/test-users.js';

const ORIGIN = 'http://localhost:80';
let nextPrefix = 0;
/** A /64 of its own: 2001:db8:<run>:<n>. */
const run = Math.floor(Math.random() * 0xffff).toString(16);
function freshIpv6Prefix(): string {
  nextPrefix += 1;
  return `2001:db8:${run}:${nextPrefix.toString(16)}`;
}
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
  });
  afterAll(async () => testApp.close());

  const post = (url: string, payload: object, ip = freshIp()) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: ORIGIN },
      remoteAddress: ip,
    });
  const signIn = (email: string, password: string, ip?: string) =>
    post('/api/account/sign-in', { email, password }, ip);

  it('refuses an address its 6th guess in 15 minutes, even the right password, and forgets at the next window', async () => {
    clock.startNextWindow(15 * MINUTE);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = viewer.email ?? '';
    const ip = freshIp();
    for (let failure = 1; failure <= 5; failure++) {
      expect((await signIn(email, 'Wrong-Password-1', ip)).statusCode).toBe(401);
    }
    const locked = await signIn(email, TEST_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    clock.startNextWindow(15 * MINUTE);
    expect((await signIn(email, TEST_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: fresh addresses of one subscriber share its budgets', async () => {
    clock.startNextWindow(15 * MINUTE);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = viewer.email ?? '';
    const prefix = freshIpv6Prefix();
    for (let failure = 1; failure <= 5; failure++) {
      expect((await signIn(email, 'Wrong-Password-1', `${prefix}:${failure}::1`)).statusCode).toBe(401);
    }
    expect((await signIn(email, TEST_PASSWORD, `${prefix}:ffff:ffff:ffff:ffff`)).statusCode).toBe(429);
    expect((await signIn(email, TEST_PASSWORD, `${freshIpv6Prefix()}::1`)).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    clock.startNextWindow(15 * MINUTE);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = viewer.email ?? '';
    const ip = freshIp();
    for (let failure = 1; failure <= 5; failure++) {
      expect((await signIn(email, 'Wrong-Password-1', `::ffff:${ip}`)).statusCode).toBe(401);
    }
    expect((await signIn(email, TEST_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('limits auth POSTs, code sends and anonymous trials per IPv6 /64', async () => {
    clock.startNextWindow(HOUR);
    const prefix = freshIpv6Prefix();
    for (let request = 1; request <= 10; request++) {
      const answer = await signIn(
        `x${request}-${randomUUID()}@example.com`,
        'Wrong-Password-1',
        `${prefix}::${request}`,
      );
      expect(answer.statusCode).toBe(401);
    }
    expect(
      (await post('/api/trial/checkEmail', { email: 'a@example.com' }, `${prefix}::beef`)).statusCode,
    ).toBe(429);

    const trials = freshIpv6Prefix();
    for (let trial = 1; trial <= 30; trial++) {
      if (trial % 10 === 1 && trial > 1) clock.advance(MINUTE);
      const response = await post('/api/trial/trialRegister', { uuid: randomUUID() }, `${trials}::${trial}`);
      expect(response.statusCode).toBe(200);
    }
    clock.advance(MINUTE);
    expect((await post('/api/trial/trialRegister', { uuid: randomUUID() }, `${trials}::99`)).statusCode).toBe(
      429,
    );
  });

  it('limits unknown addresses the same way', async () => {
    clock.startNextWindow(15 * MINUTE);
    const unknown = `nobody-${randomUUID()}@example.com`;
    const ip = freshIp();
    for (let failure = 1; failure <= 5; failure++)
      expect((await signIn(unknown, 'Wrong-Password-1', ip)).statusCode).toBe(401);
    expect((await signIn(unknown, 'Wrong-Password-1', ip)).statusCode).toBe(429);
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

  it('limits code sends per mailbox first: 25 people behind one office address all get their codes', async () => {
    clock.startNextWindow(HOUR);
    const ip = freshIp();
    for (let send = 1; send <= 25; send++) {
      if (send % 10 === 1 && send > 1) clock.advance(MINUTE); // the per-IP POST budget
      const response = await post(
        '/api/account/forgot-password',
        { email: `office-${send}-${randomUUID()}@example.com` },
        ip,
      );
      expect(response.statusCode).toBe(202);
    }
  });

  it('limits code checks per account and address: the 6th wrong code from one address is refused', async () => {
    clock.startNextWindow(15 * MINUTE);
    const viewer = await createTestViewer(testApp.app, 'free');
    const email = viewer.email ?? '';
    await post('/api/account/forgot-password', { email });
    const code = await latestCode(testApp.app, email);
    const wrong = code === '123456' ? '654321' : '123456';
    const ip = freshIp();
    const reset = (otp: string) =>
      post(
        '/api/account/reset-password',
        { email, code: otp, password: 'New-Lighthouse-7', passwordConfirm: 'New-Lighthouse-7' },
        ip,
      );
    for (let attempt = 1; attempt <= 5; attempt++) expect((await reset(wrong)).statusCode).toBe(400);
    const locked = await reset(code);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
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
