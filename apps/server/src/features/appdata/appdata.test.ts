import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp, type TestViewer, testClock } from '../../test/test-users.js';
import { storeIngest } from '../store/store.repository.js';

describe.each(testDialects)('app data on %s', (dialect) => {
  let testApp: TestApp;
  let admin: TestViewer;
  let trial: TestViewer;
  const clock = testClock();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      now: clock.now,
      COUNTDOWN_DATE: '2030-01-02T03:04:05Z',
      APP_MINIMUM_VERSION: '2.0.0',
      // As in production: autocomplete answers kept, which a ban must not leave stale.
      AUTOCOMPLETE_CACHE_SECONDS: 30,
    });
    admin = await createTestViewer(testApp.app, 'admin');
    trial = await createTestViewer(testApp.app, 'emailTrial');
  });
  afterAll(async () => testApp.close());

  const call = (options: InjectOptions) => testApp.app.inject({ remoteAddress: freshIp(), ...options });
  const appData = async () => (await call({ method: 'GET', url: '/api/appdata' })).json();
  const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    call({ method, url, headers: admin.headers, ...(payload && { payload }) });

  it('answers everyone the defaults, with a short public cache', async () => {
    const response = await call({ method: 'GET', url: '/api/appdata' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=15');
    expect(response.json()).toMatchObject({
      outage: { showMessage: false },
      countDownDate: Date.UTC(2030, 0, 2, 3, 4, 5) / 1000,
      deployedVersion: '2.1.33',
      minimumVersion: '2.0.0',
      switches: { webSearchMode: 'server', mobileSearchMode: 'device', betaFeedback: true },
    });
    // The apps read their search mode from the version-named config: the device source is on.
    const config = await call({ method: 'GET', url: '/api/version/2.1.33/config' });
    expect(config.json()).toMatchObject({ mobileSearchMode: 'device' });
  });

  it('lets an administrator set the outage message; everyone sees it at once; the change is audited', async () => {
    const outage = {
      showMessage: true,
      en: 'Related tags are down.',
      pt: 'As hashtags relacionadas estão fora.',
    };
    const response = await asAdmin('PUT', '/api/admin/appdata', { outage });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outage, updatedBy: admin.userId });
    expect((await appData()).outage).toEqual(outage);
    const audit = await testApp.app.database.db.selectFrom('admin_audit').selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({ user_id: admin.userId, action: 'appdata.update', ip: expect.any(String) }),
    ]);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ fields: ['outage'] });
  });

  it('keeps parts not sent, merges switches, and moves the countdown that GET /countdown answers', async () => {
    await asAdmin('PUT', '/api/admin/appdata', {
      countDownDate: 1_900_000_000,
      deployedVersion: '2.2.0',
      switches: { mobileSearchMode: 'server' },
    });
    const data = await appData();
    expect(data).toMatchObject({
      countDownDate: 1_900_000_000,
      deployedVersion: '2.2.0',
      outage: { showMessage: true },
      switches: { webSearchMode: 'server', mobileSearchMode: 'server', betaFeedback: true },
    });
    const countdown = await call({ method: 'GET', url: '/api/countdown' });
    expect(countdown.json()).toEqual({ return: { countDownDate: 1_900_000_000 } });
    // An administrator's "off" for the device source is what the apps' config answers at once.
    const config = await call({ method: 'GET', url: '/api/version/2.2.0/config' });
    expect(config.json()).toMatchObject({ mobileSearchMode: 'server' });
  });

  it('lets an administrator change a network cap without a release; {} goes back to core', async () => {
    expect((await appData()).networkCaps).toEqual({});
    const networkCaps = { instagram: { hashtagCap: 3 }, bluesky: { charLimit: null } };
    expect((await asAdmin('PUT', '/api/admin/appdata', { networkCaps })).statusCode).toBe(200);
    expect((await appData()).networkCaps).toEqual(networkCaps);
    await asAdmin('PUT', '/api/admin/appdata', { networkCaps: {} });
    expect((await appData()).networkCaps).toEqual({});
  });

  it('refuses bad values and unknown fields', async () => {
    for (const body of [
      { deployedVersion: 'latest' },
      { outage: { showMessage: true, en: 'x' } },
      // Shown, the banner needs both languages (each visitor reads one of them).
      { outage: { showMessage: true, en: '  ', pt: 'Em manutenção.' } },
      { outage: { showMessage: true, en: 'Down for maintenance.', pt: '' } },
      { switches: { webSearchMode: 'fast' } },
      { networkCaps: { instagram: { hashtagCap: -1 } } },
      { networkCaps: { myspace: { hashtagCap: 3 } } },
      { isAdmin: true },
    ]) {
      expect((await asAdmin('PUT', '/api/admin/appdata', body)).statusCode).toBe(400);
    }
  });

  it('denies the admin routes to everyone else before reading the body', async () => {
    const asTrial = await call({
      method: 'PUT',
      url: '/api/admin/appdata',
      headers: trial.headers,
      payload: { not: 'valid' },
    });
    expect(asTrial.statusCode).toBe(403);
    const anonymous = await call({ method: 'GET', url: '/api/admin/feedback' });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('version check', () => {
    const check = async (query: string) =>
      (await call({ method: 'GET', url: `/api/version/check?${query}` })).json();

    it('asks an app older than the minimum version to update, with its store page', async () => {
      await asAdmin('PUT', '/api/admin/appdata', { minimumVersion: '2.1.40' });
      expect(await check('runningVersion=2.1.33&platform=ios')).toEqual({
        shouldUpdate: true,
        storeUrl: testApp.app.config.APP_STORE_URL,
      });
      expect((await check('runningVersion=2.1.40&platform=android')).shouldUpdate).toBe(false);
      expect((await check('runningVersion=2.1.33')).shouldUpdate).toBe(false);
      await asAdmin('PUT', '/api/admin/appdata', { minimumVersion: null });
      expect((await check('runningVersion=1.0.0&platform=ios')).shouldUpdate).toBe(false);
    });
  });

  describe('banned tags', () => {
    it('replaces the list, skips invalid names, and marks the tags banned', async () => {
      const response = await asAdmin('PUT', '/api/admin/banned-tags', {
        tags: ['#Alone', 'beautyblogger', 'two words'],
      });
      expect(response.json()).toEqual({ bannedTags: ['alone', 'beautyblogger'], rejected: ['two words'] });
      const list = await call({ method: 'GET', url: '/api/banned-tags' });
      expect(list.json().bannedTags).toEqual(['alone', 'beautyblogger']);
    });

    it('shows a newly banned tag as banned in autocomplete answers kept before the change', async () => {
      await storeIngest(testApp.testDatabase.database, {
        hashtags: [
          { name: 'sunnytips', count: 90 },
          { name: 'sunnyhacks', count: 80 },
        ],
        network: 'instagram',
        source: 'test',
        now: Date.now(),
      });
      const suggest = async () =>
        (await call({ method: 'GET', url: '/api/autocomplete/hashtag/sunn?network=instagram' })).json()
          .hashtags;
      expect(await suggest()).toEqual([
        { hashtag: 'sunnytips', count: 90 },
        { hashtag: 'sunnyhacks', count: 80 },
      ]);
      await asAdmin('PUT', '/api/admin/banned-tags', { tags: ['sunnyhacks'] });
      expect(await suggest()).toEqual([
        { hashtag: 'sunnytips', count: 90 },
        { hashtag: 'sunnyhacks', count: 80, banned: true },
      ]);
    });
  });

  describe('beta feedback', () => {
    it('requires text, stores it, and shows it only to administrators', async () => {
      const empty = await call({
        method: 'POST',
        url: '/api/feedback',
        headers: trial.headers,
        payload: { message: '   ' },
      });
      expect(empty.statusCode).toBe(400);
      const sent = await call({
        method: 'POST',
        url: '/api/feedback',
        headers: trial.headers,
        payload: { message: 'Love the related tags', appVersion: '2.1.33' },
      });
      expect(sent.statusCode).toBe(201);
      const list = (await asAdmin('GET', '/api/admin/feedback')).json();
      expect(list.feedback[0]).toMatchObject({
        id: sent.json().id,
        message: 'Love the related tags',
        userId: trial.userId,
        email: trial.email?.toLowerCase(),
        group: 'trial',
        platform: 'web',
        appVersion: '2.1.33',
      });
      const asTrial = await call({ method: 'GET', url: '/api/admin/feedback', headers: trial.headers });
      expect(asTrial.statusCode).toBe(403);
    });
  });
});
