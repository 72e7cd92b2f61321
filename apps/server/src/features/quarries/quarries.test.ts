import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewerKind } from '../../test/test-users.js';
import { clientFor, storeTestData, type TestClient } from './quarry-test-data.js';

const places = [
  { id: 'pl-lis', title: 'Lisbon, Portugal', count: 9000 },
  { id: 'pl-lis2', title: 'Lisbon Oceanarium', count: 300 },
  { id: 'pl-por', title: 'Porto, Portugal', count: 5000 },
];

describe.each(testDialects)('quarries CRUD, access and place search on %s', (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let otherAdmin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { PROSPECTING_SCHEDULE_MINUTES: 0 });
    await storeTestData(testApp.testDatabase.database, { places });
    const viewer = await createTestViewer(testApp.app, 'admin');
    adminId = viewer.userId!;
    admin = clientFor(testApp.app, viewer.headers);
    otherAdmin = clientFor(testApp.app, (await createTestViewer(testApp.app, 'admin')).headers);
  });
  afterAll(async () => testApp.close());

  const create = async (client: TestClient, body: object) => {
    const response = await client.post('/api/quarries', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  it('creates a quarry with the default filters and answers it with quarry_id and place titles', async () => {
    const quarry = await create(admin, { title: 'Lisbon bakers', place_ids: ['pl-lis', 'pl-por'] });
    expect(quarry.quarry_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(quarry).toMatchObject({
      title: 'Lisbon bakers',
      active: true,
      hidden: false,
      new_prospects: 0,
      prospect_count: 0,
      run_count: 0,
      last_run_at: null,
      place_ids: ['pl-lis', 'pl-por'],
      places: [
        { id: 'pl-lis', title: 'Lisbon, Portugal', count: 9000 },
        { id: 'pl-por', title: 'Porto, Portugal', count: 5000 },
      ],
      post_filters: { keywords: [], max_age: 7, negative_keywords: [] },
      profile_filters: { categories: [], follower_range: [500, 50_000], keywords: [], negative_keywords: [] },
    });
    expect(Date.parse(quarry.created)).not.toBeNaN();
    const fetched = await admin.get(`/api/quarries/${quarry.quarry_id}`);
    expect(fetched.json()).toEqual(quarry);
  });

  it('stores every field of a quarry, keywords cleaned', async () => {
    const quarry = await create(admin, {
      title: '  Porto coffee  ',
      active: false,
      hidden: true,
      place_ids: ['pl-por', 'pl-por'],
      post_filters: {
        keywords: ['#Coffee', 'coffee', ' espresso  bar '],
        max_age: 3,
        negative_keywords: ['ad'],
      },
      profile_filters: {
        categories: ['Cafe', 'cafe'],
        follower_range: [1000, 20_000],
        keywords: ['barista'],
        negative_keywords: ['franchise'],
      },
    });
    expect(quarry).toMatchObject({
      title: 'Porto coffee',
      active: false,
      hidden: true,
      place_ids: ['pl-por'],
      post_filters: { keywords: ['Coffee', 'espresso bar'], max_age: 3, negative_keywords: ['ad'] },
      profile_filters: {
        categories: ['Cafe'],
        follower_range: [1000, 20_000],
        keywords: ['barista'],
        negative_keywords: ['franchise'],
      },
    });
  });

  it('lists only the caller’s quarries, newest first', async () => {
    await create(otherAdmin, { title: 'Not yours', place_ids: ['pl-lis'] });
    const titles = (await admin.get('/api/quarries')).json().quarries.map((q: { title: string }) => q.title);
    expect(titles).toEqual(['Porto coffee', 'Lisbon bakers']);
  });

  it('updates the fields given, toggles active alone, and keeps the rest', async () => {
    const quarry = await create(admin, { title: 'Toggle me', place_ids: ['pl-lis'] });
    const off = await admin.put(`/api/quarries/${quarry.quarry_id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ quarry_id: quarry.quarry_id, active: false, title: 'Toggle me' });
    const changed = await admin.put(`/api/quarries/${quarry.quarry_id}`, {
      active: true,
      place_ids: ['pl-lis', 'pl-lis2'],
      profile_filters: { follower_range: [10, 100] },
    });
    expect(changed.json()).toMatchObject({
      active: true,
      place_ids: ['pl-lis', 'pl-lis2'],
      profile_filters: { categories: [], follower_range: [10, 100], keywords: [] },
      post_filters: { max_age: 7 },
    });
    expect(Date.parse(changed.json().modified)).toBeGreaterThanOrEqual(Date.parse(quarry.modified));
  });

  it('deletes a quarry', async () => {
    const quarry = await create(admin, { place_ids: ['pl-lis'] });
    const deleted = await admin.delete(`/api/quarries/${quarry.quarry_id}`);
    expect(deleted.json()).toEqual({ quarry_id: quarry.quarry_id, deleted: true });
    expect((await admin.get(`/api/quarries/${quarry.quarry_id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/quarries/${quarry.quarry_id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another administrator’s quarry, whatever the call', async () => {
    const theirs = await create(otherAdmin, { title: 'Theirs', place_ids: ['pl-lis'] });
    const id = theirs.quarry_id;
    for (const response of [
      await admin.get(`/api/quarries/${id}`),
      await admin.put(`/api/quarries/${id}`, { active: false }),
      await admin.delete(`/api/quarries/${id}`),
      await admin.post(`/api/quarries/${id}/run`),
      await admin.get(`/api/quarries/${id}/prospects`),
      await admin.get(`/api/quarries/${id}/prospects.csv`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await otherAdmin.get(`/api/quarries/${id}`)).json().active).toBe(true);
  });

  it('refuses bad bodies: unknown places, server-owned fields, bad ranges, bad ids', async () => {
    const cases: [string, object][] = [
      ['unknown place', { place_ids: ['pl-nowhere'] }],
      ['no places', { place_ids: [] }],
      ['owner in the body', { place_ids: ['pl-lis'], owner_id: adminId }],
      ['id in the body', { place_ids: ['pl-lis'], quarry_id: 'x' }],
      ['reversed followers', { place_ids: ['pl-lis'], profile_filters: { follower_range: [900, 10] } }],
      ['max age 0', { place_ids: ['pl-lis'], post_filters: { max_age: 0 } }],
      ['too many keywords', { place_ids: ['pl-lis'], post_filters: { keywords: Array(51).fill('x') } }],
      ['title too long', { place_ids: ['pl-lis'], title: 'x'.repeat(101) }],
    ];
    for (const [name, body] of cases) {
      const response = await admin.post('/api/quarries', body);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.code, name).toBe('invalid_request');
    }
    expect((await admin.get('/api/quarries/not-a-uuid')).statusCode).toBe(400);
  });

  it('searches places for the new-quarry screen: id, title and count', async () => {
    const response = await admin.get('/api/quarries/places?q=Lisbon');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      places: [
        { id: 'pl-lis', item: { title: 'Lisbon, Portugal', count: 9000 } },
        { id: 'pl-lis2', item: { title: 'Lisbon Oceanarium', count: 300 } },
      ],
    });
  });

  it('limits place search to one request a second per user', async () => {
    const viewer = clientFor(testApp.app, (await createTestViewer(testApp.app, 'admin')).headers);
    const other = clientFor(testApp.app, (await createTestViewer(testApp.app, 'admin')).headers);
    expect((await viewer.get('/api/quarries/places?q=por')).statusCode).toBe(200);
    const limited = await viewer.get('/api/quarries/places?q=port');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await other.get('/api/quarries/places?q=por')).statusCode).toBe(200);
    // The limit lifts when its one-second window ends: asked again until it answers.
    const porto = await vi.waitFor(
      async () => {
        const answer = await viewer.get('/api/quarries/places?q=porto');
        if (answer.statusCode !== 200) throw new Error(`still limited (${answer.statusCode})`);
        return answer;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(porto.json().places).toEqual([{ id: 'pl-por', item: { title: 'Porto, Portugal', count: 5000 } }]);
    expect((await viewer.get('/api/quarries/places?q=')).statusCode).toBe(429);
  });

  it('lists the business categories of the stored profiles, most common first', async () => {
    await storeTestData(testApp.testDatabase.database, {
      profiles: [
        { id: 'c1', username: 'c1', business_category_name: 'Bakery' },
        { id: 'c2', username: 'c2', business_category_name: 'Bakery' },
        { id: 'c3', username: 'c3', business_category_name: 'Food & Beverage' },
        { id: 'c4', username: 'c4' },
      ],
    });
    const response = await admin.get('/api/quarries/categories');
    expect(response.json().categories.slice(0, 2)).toEqual(['Bakery', 'Food & Beverage']);
  });

  describe('access: administrators only', () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, object?][] = [
      ['GET', '/api/quarries'],
      ['POST', '/api/quarries', { place_ids: ['pl-lis'] }],
      ['GET', '/api/quarries/places?q=lis'],
      ['GET', '/api/quarries/categories'],
      ['GET', '/api/quarries/usage'],
      ['POST', '/api/quarries/run', {}],
      ['GET', '/api/quarries/automation-template'],
      ['PUT', '/api/quarries/automation-template', {}],
      ['GET', `/api/quarries/${someId}`],
      ['PUT', `/api/quarries/${someId}`, { active: false }],
      ['POST', `/api/quarries/${someId}/run`, {}],
      ['GET', `/api/quarries/${someId}/prospects`],
      ['GET', `/api/quarries/${someId}/prospects.csv`],
      ['DELETE', `/api/quarries/${someId}`],
    ];
    const expected: [TestViewerKind, number][] = [
      ['none', 401],
      ['free', 403],
      ['anonymousTrial', 403],
      ['emailTrial', 403],
      ['expiredTrial', 403],
      ['paying', 403],
    ];

    it.each(expected)(
      'refuses a %s visitor with %i on every route, before validating anything',
      async (kind, status) => {
        const viewer = await createTestViewer(testApp.app, kind);
        for (const [method, url, payload] of routes) {
          const response = await testApp.app.inject({
            method: method as 'GET',
            url,
            headers: viewer.headers,
            ...(payload ? { payload } : {}),
          });
          expect(response.statusCode, `${method} ${url}`).toBe(status);
          expect(response.json().error.code).toBe(status === 401 ? 'unauthorized' : 'forbidden');
        }
      },
    );

    it('lets an administrator through on every route', async () => {
      const viewer = await createTestViewer(testApp.app, 'admin');
      const own = (
        await clientFor(testApp.app, viewer.headers).post('/api/quarries', { place_ids: ['pl-lis'] })
      ).json();
      for (const [method, url, payload] of routes) {
        const response = await testApp.app.inject({
          method: method as 'GET',
          url: url.replace(someId, own.quarry_id),
          headers: viewer.headers,
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(300);
      }
    });
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/quarries',
        '/api/quarries/{quarryId}',
        '/api/quarries/{quarryId}/prospects',
      ]),
    );
  });
});
