import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp } from '../../test/test-users.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const ORIGIN = 'http://localhost:80';

describe('EXPOSE_CLOCK in the configuration', () => {
  it('is off unless asked for, and allowed on a development server', () => {
    expect(loadConfig({}).EXPOSE_CLOCK).toBe(false);
    expect(loadConfig({ EXPOSE_CLOCK: 'true' }).EXPOSE_CLOCK).toBe(true);
    expect(loadConfig({ EXPOSE_CLOCK: 'true', PUBLIC_URL: 'http://127.0.0.1:8080' }).EXPOSE_CLOCK).toBe(true);
    expect(loadConfig({ EXPOSE_CLOCK: 'true', BILLING_PROVIDER: 'local' }).EXPOSE_CLOCK).toBe(true);
  });

  it.each([
    ['SMTP_URL', { SMTP_URL: 'smtp://mail.example:587' }, /SMTP_URL is set/],
    ['Stripe', { BILLING_PROVIDER: 'stripe' }, /BILLING_PROVIDER=stripe/],
    ['a public address', { PUBLIC_URL: 'https://tagscout.example' }, /PUBLIC_URL=https:\/\/tagscout.example/],
    ['several processes', { WEB_CONCURRENCY: '2' }, /2 server processes/],
  ])('is refused at start-up beside %s', (_name, env, message) => {
    const attempt = () => loadConfig({ EXPOSE_CLOCK: 'true', ...env });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/^Invalid environment: EXPOSE_CLOCK=true is for a development server only/);
    expect(attempt).toThrow(message);
    // The same settings without EXPOSE_CLOCK start.
    expect(() => loadConfig(env)).not.toThrow();
  });
});

describe.each(testDialects)('POST /api/dev/clock on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { EXPOSE_CLOCK: true });
  });
  afterAll(async () => testApp.close());

  const advance = (app: TestApp['app'], advanceMs: unknown, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs }, remoteAddress });
  const post = (url: string, payload: object) =>
    testApp.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: ORIGIN },
      remoteAddress: freshIp(),
    });

  it('answers 404, and moves nothing, without EXPOSE_CLOCK', async () => {
    const off = await buildTestApp(dialect);
    try {
      const before = off.app.config.now();
      const response = await advance(off.app, DAY_MS);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
      expect(off.app.config.now() - before).toBeLessThan(DAY_MS);
    } finally {
      await off.close();
    }
  });

  it('answers only clients on this machine, and only moves forward', async () => {
    expect((await advance(testApp.app, MINUTE_MS, '203.0.113.9')).statusCode).toBe(404);
    expect((await advance(testApp.app, -MINUTE_MS)).statusCode).toBe(400);
    expect((await advance(testApp.app, 1.5)).statusCode).toBe(400);
    expect((await advance(testApp.app, 400 * DAY_MS)).statusCode).toBe(400);
    const still = await advance(testApp.app, 0);
    expect(still.statusCode).toBe(200);
    expect(still.json().offsetMs).toBe(0);
  });

  it('moves the clock every feature reads: a trial ends with no wait', async () => {
    const viewer = await createTestViewer(testApp.app, 'anonymousTrial');
    const me = async () =>
      (await testApp.app.inject({ method: 'GET', url: '/api/account/me', headers: viewer.headers })).json();
    expect((await me()).account).toMatchObject({ inTrial: true, trialStatus: 'unRegTrial' });

    const before = (await advance(testApp.app, 0)).json();
    const moved = await advance(testApp.app, 3 * DAY_MS);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().offsetMs).toBe(before.offsetMs + 3 * DAY_MS);
    expect(moved.json().now - before.now).toBeGreaterThanOrEqual(3 * DAY_MS);
    expect(testApp.app.config.now()).toBeGreaterThanOrEqual(moved.json().now);
    expect((await me()).account).toMatchObject({ inTrial: false, trialStatus: 'expired', group: 'free' });
  });

  it('moves the limits of emailed codes to their next window: one code per address per minute', async () => {
    // Just after the start of a minute, so the first two sends fall in one window.
    const { now } = (await advance(testApp.app, 0)).json();
    await advance(testApp.app, MINUTE_MS - (now % MINUTE_MS) + 1000);
    const email = `clock-${Date.now()}@example.com`;
    const password = 'Blue-Whale-42x';
    expect(
      (await post('/api/account/sign-up', { email, password, passwordConfirm: password })).statusCode,
    ).toBe(202);
    const resend = { email, purpose: 'verify-email' };
    expect((await post('/api/account/resend-code', resend)).statusCode).toBe(429);
    await advance(testApp.app, MINUTE_MS);
    expect((await post('/api/account/resend-code', resend)).statusCode).toBe(202);
  });
});
