import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp, type TestViewer, testClock } from '../../test/test-users.js';
import { EVENTS_PER_MINUTE } from './analytics.routes.js';

const userDetail = (device = 'device-1') => ({
  userID: 'ignored-by-the-server',
  platform: 'web',
  device,
  appVersion: '2.1.33',
  group: 'trial',
  trialStatus: 'active',
  influencer: null,
});
const event = (eventType = 'copyClick', extra: object = {}) => ({
  eventId: randomUUID(),
  eventType,
  ...extra,
});

describe.each(testDialects)('analytics events on %s', (dialect) => {
  let testApp: TestApp;
  let admin: TestViewer;
  let trial: TestViewer;
  const clock = testClock();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now });
    admin = await createTestViewer(testApp.app, 'admin');
    trial = await createTestViewer(testApp.app, 'emailTrial');
  });
  afterAll(async () => testApp.close());

  const post = (payload: unknown, options: Partial<InjectOptions> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      remoteAddress: freshIp(),
      headers: { origin: 'http://localhost:80' },
      payload: payload as object,
      ...options,
    });
  const stored = () => testApp.app.database.db.selectFrom('analytics_events').selectAll().execute();

  it('stores one event (registerEvent) with the session user and the server receipt time, and answers 202', async () => {
    const before = clock.now();
    const one = event('drillClick', { message: 'first drill', props: { count: 1 }, timestamp: 42 });
    const response = await post({ userDetail: userDetail(), event: one }, { headers: trial.headers });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 1, duplicates: 0 });
    const [row] = await stored();
    expect(row).toMatchObject({
      event_id: one.eventId,
      event_type: 'drillClick',
      message: 'first drill',
      props: '{"count":1}',
      user_id: trial.userId,
      platform: 'web',
      client_timestamp: 42,
    });
    expect(Number(row!.received_at)).toBeGreaterThanOrEqual(before);
  });

  it('is idempotent by eventId: a retried batch stores nothing twice', async () => {
    const batch = [event(), event('saveClick'), event('search')];
    expect((await post({ userDetail: userDetail(), events: batch })).json()).toEqual({
      accepted: 3,
      duplicates: 0,
    });
    expect((await post({ userDetail: userDetail(), events: batch })).json()).toEqual({
      accepted: 0,
      duplicates: 3,
    });
    const twiceInOne = event();
    expect((await post({ userDetail: userDetail(), events: [twiceInOne, twiceInOne] })).json()).toEqual({
      accepted: 1,
      duplicates: 1,
    });
    expect(await stored()).toHaveLength(5);
  });

  it('refuses unknown names, over 100 events, props over 20 keys, big events and unknown fields', async () => {
    const props = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    const bodies = [
      { userDetail: userDetail(), event: event('deleteEverything') },
      { userDetail: userDetail(), events: Array.from({ length: 101 }, () => event()) },
      { userDetail: userDetail(), event: event('copyClick', { props }) },
      { userDetail: userDetail(), event: event('copyClick', { message: 'x'.repeat(40_000) }) },
      { userDetail: userDetail(), event: { ...event(), eventId: 'not-a-uuid' } },
      { userDetail: { ...userDetail(), admin: true }, event: event() },
      { userDetail: userDetail(), event: event(), events: [event()] },
    ];
    for (const body of bodies) expect((await post(body)).statusCode).toBe(400);
  });

  it('refuses a batch over 500 KB and a body over 512 KiB', async () => {
    const fat = (n: number) => ({
      userDetail: userDetail(),
      events: Array.from({ length: n }, () =>
        event('search', {
          props: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'y'.repeat(1000)])),
        }),
      ),
    });
    const overBatch = await post(fat(51));
    expect(overBatch.statusCode).toBe(400);
    expect(overBatch.body).toContain('500 KB');
    const overBody = await post(fat(100));
    expect(overBody.statusCode).toBe(413);
  });

  it('limits each device, whatever address it comes from', async () => {
    const device = `limited-${randomUUID()}`;
    const answers: number[] = [];
    for (let i = 0; i <= EVENTS_PER_MINUTE.perDevice; i += 1) {
      answers.push((await post({ userDetail: userDetail(device), event: event() })).statusCode);
    }
    expect(answers.slice(0, EVENTS_PER_MINUTE.perDevice).every((status) => status === 202)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('limits each address, whatever device it claims', async () => {
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i <= EVENTS_PER_MINUTE.perIp; i += 1) {
      const device = `ip-${randomUUID()}`;
      answers.push(
        (await post({ userDetail: userDetail(device), event: event() }, { remoteAddress: ip })).statusCode,
      );
    }
    expect(answers.filter((status) => status === 429)).toHaveLength(1);
    expect(answers.at(-1)).toBe(429);
  });

  it('counts events by type and day for administrators only', async () => {
    clock.advance(86_400_000);
    await post({
      userDetail: userDetail(`day2-${randomUUID()}`),
      events: [event(), event(), event('saveClick')],
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/analytics?days=7',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    expect(summary.to).toBe(today);
    expect(summary.rows).toEqual(
      expect.arrayContaining([
        { day: today, eventType: 'copyClick', count: 2 },
        { day: today, eventType: 'saveClick', count: 1 },
      ]),
    );
    expect(summary.totals[0].eventType).toBe('copyClick');
    const denied = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/analytics',
      headers: trial.headers,
    });
    expect(denied.statusCode).toBe(403);
  });
});
