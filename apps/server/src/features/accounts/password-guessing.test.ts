import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp, latestCode, TEST_PASSWORD, testClock } from '../../test/test-users.js';
import { THROTTLE } from './throttle.js';

const NEW_PASSWORD = 'New-Lighthouse-7';

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

/** Password guessing over real HTTP: the guess is counted before it is checked, whatever the concurrency. */
describe.each(stores)('password guessing (%s)', (name, overrides) => {
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

  async function post(path: string, body: object, ip = freshIp()) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const signIn = (email: string, password: string, ip?: string) =>
    post('/api/account/sign-in', { email, password }, ip);

  it('checks at most 20 of 100 simultaneous guesses from 100 addresses; the emailed code still resets and unlocks', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        signIn(email, index === 60 ? TEST_PASSWORD : 'Wrong-Password-1'),
      ),
    );
    const statuses = burst.map((answer) => answer.status);
    const checked = statuses.filter((status) => status === 401 || status === 200).length;
    expect(checked).toBeLessThanOrEqual(THROTTLE.guessesPerAccount);
    expect(statuses.filter((status) => status === 429).length).toBe(100 - checked);

    const locked = await signIn(email, TEST_PASSWORD);
    expect(locked.status).toBe(429);

    // The owner proves the mailbox while locked: the reset stays open and ends the lock.
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
  });

  it('locks one address after 5 guesses without spending the account’s budget for others', async () => {
    clock.startNextWindow(THROTTLE.guessWindowMs);
    const viewer = await createTestViewer(testApp.app, 'paying');
    const email = String(viewer.email);
    const attacker = freshIp();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, () => signIn(email, 'Wrong-Password-1', attacker)),
    );
    expect(guesses.filter((answer) => answer.status === 401)).toHaveLength(
      THROTTLE.guessesPerAccountAndAddress,
    );
    const refused = guesses.find((answer) => answer.status === 429);
    expect(refused?.body).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await signIn(email, TEST_PASSWORD, freshIp())).status).toBe(200);
    // The window ends and the address may guess again.
    clock.startNextWindow(THROTTLE.guessWindowMs);
    expect((await signIn(email, 'Wrong-Password-1', attacker)).status).toBe(401);
  });

  it.runIf(name.endsWith('redis'))('keeps its Redis counters under the deployment prefix', async () => {
    await signIn(`prefix-${randomUUID()}@example.com`, 'Wrong-Password-1');
    const redis = new Redis(String(process.env.REDIS_URL));
    try {
      expect(await redis.keys(`${overrides.JOB_QUEUE_PREFIX}:limits*`)).not.toHaveLength(0);
    } finally {
      redis.disconnect();
    }
  });
});
