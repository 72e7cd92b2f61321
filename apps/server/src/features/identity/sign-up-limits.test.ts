import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { testClock } from '../../test/test-users.js';

const HOUR = 3_600_000;
const PASSWORD = 'Blue-Whale-42x';

/**
 * Issue 31: one address made three accounts in 1.5 s (5 sign-ups a minute per address, and a /24
 * is 256 addresses). Sign-ups, and email trials (which make an account too), are counted per address
 * (SIGNUPS_PER_ADDRESS_PER_HOUR, 5) and per network, a /24 or an IPv6 /48
 * (SIGNUPS_PER_NETWORK_PER_HOUR, 20), on the limit counters of guess-limits.
 */
describe.each(testDialects)('sign-up limits on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  let networks = 0;
  /** A /24 (or /48) no other test uses: `<a>.<b>.<c>.` for IPv4. */
  const freshNetwork = () => `172.${16 + (Math.floor(Math.random() * 16) & 15)}.${++networks}.`;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now });
  });
  afterAll(async () => testApp.close());
  // Windows are aligned to the clock: each test starts at the beginning of one.
  beforeEach(() => clock.startNextWindow(HOUR));

  const signUp = async (address: string) =>
    (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        headers: { origin: 'http://localhost:80' },
        remoteAddress: address,
        payload: { email: `${randomUUID()}@example.com`, password: PASSWORD, passwordConfirm: PASSWORD },
      })
    ).statusCode;
  const emailTrial = async (address: string) =>
    (
      await testApp.app.inject({
        method: 'POST',
        url: '/api/trial/trialRegister',
        headers: { origin: 'http://localhost:80' },
        remoteAddress: address,
        payload: { uuid: randomUUID(), email: `${randomUUID()}@example.com` },
      })
    ).statusCode;

  it('lets one address sign up 5 times an hour, then answers 429 until the next hour', async () => {
    const address = `${freshNetwork()}9`;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await signUp(address));
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Another address of the network is not refused.
    expect(await signUp(address.replace(/\.9$/, '.10'))).toBe(202);
    clock.startNextWindow(HOUR);
    expect(await signUp(address)).toBe(202);
  });

  it('lets one /24 sign up 20 times an hour from any of its addresses, then refuses it while others go on', async () => {
    const network = freshNetwork();
    const statuses = [];
    for (let i = 1; i <= 21; i++) statuses.push(await signUp(`${network}${i}`));
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
    expect(await signUp(`${network}200`)).toBe(429);
    expect(await signUp(`${freshNetwork()}1`)).toBe(202);
  });

  it('counts an IPv6 /48 as one network, whatever its /64s', async () => {
    const network = `2001:db8:${(0x1000 + networks++).toString(16)}`;
    const statuses = [];
    for (let i = 1; i <= 21; i++) statuses.push(await signUp(`${network}:${i.toString(16)}::1`));
    expect(statuses.filter((status) => status === 202)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });

  it('counts email trials, which make an account too, in the same budgets', async () => {
    const address = `${freshNetwork()}9`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await signUp(address));
    for (let i = 0; i < 3; i++) statuses.push(await emailTrial(address));
    expect(statuses).toEqual([202, 202, 202, 200, 200, 429]);
  });

  it('lets an office of 20 people behind one address sign up within a day', async () => {
    const office = `${freshNetwork()}1`;
    let signedUp = 0;
    let hours = 0;
    while (signedUp < 20) {
      const status = await signUp(office);
      if (status === 202) signedUp++;
      else {
        expect(status).toBe(429);
        clock.startNextWindow(HOUR);
        hours++;
      }
    }
    expect(hours).toBeLessThanOrEqual(4);
  });
});
