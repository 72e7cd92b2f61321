import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  IMPORTED_PROFILE as ana,
  importPlaceAndProfile,
  IMPORTED_PLACE as lisbon,
} from '../../test/crowd-fixtures.js';
import { type CrowdSubmitter, crowdSubmitters } from '../../test/crowd-submitters.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewer } from '../../test/test-users.js';
import { ingestAutocomplete } from '../store/store.service.js';

const IMPORT = { network: 'instagram' as const, source: 'import' };

describe.each(testDialects)('an administrator undoes one bad submitter, on %s', (dialect) => {
  let testApp: TestApp;
  let crowd: ReturnType<typeof crowdSubmitters>;
  let admin: TestViewer;
  /** a and b report honestly; bad joins them to make the quorum; d agrees with a and b on some. */
  let a: CrowdSubmitter;
  let b: CrowdSubmitter;
  let bad: CrowdSubmitter;
  let d: CrowdSubmitter;
  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();
  const purge = (viewer: TestViewer, userId: string) =>
    testApp.app.inject({
      method: 'DELETE',
      url: `/api/admin/crowd/submitters/${userId}/reports`,
      headers: viewer.headers,
    });
  const report = async (submitter: CrowdSubmitter, payload: object) => {
    const response = await crowd.send(submitter, '/api/cache/autocomplete', payload);
    expect(response.statusCode).toBe(202);
  };
  const reportsOf = async (submitter: CrowdSubmitter) =>
    (
      await testApp.testDatabase.database.db
        .selectFrom('crowd_reports')
        .select('item')
        .where('submitter', '=', submitter.viewer.userId!)
        .execute()
    ).length;

  /**
   * What the four send: bad's word makes the quorum on four items with a and b; on sunset d is a
   * fourth voice, and bad's low count pulls the median down.
   */
  const reportEverything = async () => {
    const sunset = new Map([
      [a, 4_000],
      [b, 4_200],
      [bad, 3_900],
    ]);
    for (const submitter of [a, b, bad]) {
      await report(submitter, { query: 'lis', places: [{ ...lisbon, title: 'Lisbon Coin Casino' }] });
      await report(submitter, {
        query: 'caf',
        places: [{ place_id: 'cafe7', title: 'Cafe Luso', count: 300 }],
      });
      await report(submitter, { query: 'ana', users: [{ ...ana, followers: 80_000 }] });
      await report(submitter, { query: 'tra', hashtags: [{ hashtag: 'travel', count: 9_000 }] });
      await report(submitter, {
        query: 'sun',
        hashtags: [{ hashtag: 'sunset', count: sunset.get(submitter) }],
      });
    }
    await report(d, { query: 'sun', hashtags: [{ hashtag: 'sunset', count: 4_300 }] });
  };

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
      CACHE_RATE_LIMIT_PER_MINUTE: 10_000,
    });
    crowd = crowdSubmitters(testApp.app);
    admin = await createTestViewer(testApp.app, 'admin');
  });
  afterAll(async () => testApp.close());
  beforeEach(async () => {
    const { database } = testApp.testDatabase;
    for (const table of ['places', 'profiles', 'hashtags', 'crowd_reports', 'crowd_items'] as const)
      await database.db.deleteFrom(table).execute();
    await importPlaceAndProfile(database);
    await ingestAutocomplete(
      database,
      { query: 'tra', hashtags: [{ hashtag: 'travel', count: 5_000 }] },
      { ...IMPORT, now: Date.now() },
    );
    [a, b, bad, d] = [await crowd.create(), await crowd.create(), await crowd.create(), await crowd.create()];
    await reportEverything();
    // The crowd's values are served before the purge.
    expect((await get('/api/info/place/lisbon1')).data[0].title).toBe('Lisbon Coin Casino');
    expect((await get('/api/info/hashtag/travel')).data[0].count).toBe(9_000);
    expect((await get('/api/info/hashtag/sunset')).data[0].count).toBe(4_000);
  });

  const expectUndone = async (sunset: number) => {
    // Back to what the import had served, or, for what only the crowd had given, being looked up.
    expect((await get('/api/info/place/lisbon1')).data).toEqual([lisbon]);
    expect((await get('/api/autocomplete/place/lis')).places).toEqual([lisbon]);
    expect((await get('/api/info/place/cafe7')).data).toEqual([{ place_id: 'cafe7', title: '', count: -2 }]);
    expect((await get('/api/autocomplete/place/caf')).places).toEqual([]);
    expect((await get('/api/info/user/u1')).data[0]).toMatchObject({ followers: 52_000 });
    expect((await get('/api/info/hashtag/travel')).data[0].count).toBe(5_000);
    // sunset: a, b and d still agree, now without bad's word.
    expect((await get('/api/info/hashtag/sunset')).data[0].count).toBe(sunset);
    expect(await reportsOf(bad)).toBe(0);
    expect(await reportsOf(a)).toBeGreaterThan(0);
    const travel = await testApp.testDatabase.database.db
      .selectFrom('hashtags')
      .select('count_source')
      .where('name', '=', 'travel')
      .executeTakeFirstOrThrow();
    expect(travel.count_source).toBe('import');
  };

  it('removes every report of the submitter and serves again what the others agree on', async () => {
    const response = await purge(admin, bad.viewer.userId!);
    expect(response.statusCode).toBe(200);
    // Two fields of each place, nine of the profile, two tag counts.
    expect(response.json()).toEqual({
      submitter: bad.viewer.userId,
      reports: 15,
      items: 5,
      changed: 5,
      posts: 0,
      postsHandedOn: 0,
    });
    await expectUndone(4_200);
    const audit = await testApp.testDatabase.database.db
      .selectFrom('admin_audit')
      .select(['user_id', 'action', 'details'])
      .where('action', '=', 'crowd.purge-submitter')
      .execute();
    expect(audit.at(-1)).toMatchObject({ user_id: admin.userId });
    expect(JSON.parse(audit.at(-1)!.details)).toMatchObject({ submitter: bad.viewer.userId, reports: 15 });
    // A second purge finds nothing left to remove.
    expect((await purge(admin, bad.viewer.userId!)).json()).toMatchObject({ reports: 0, changed: 0 });
  });

  it('leaves alone a value a trusted import wrote after the crowd’s', async () => {
    await ingestAutocomplete(
      testApp.testDatabase.database,
      { query: 'lis', places: [{ ...lisbon, count: 2_500_000 }] },
      { ...IMPORT, now: Date.now() + 1000 },
    );
    expect((await purge(admin, bad.viewer.userId!)).statusCode).toBe(200);
    expect((await get('/api/info/place/lisbon1')).data).toEqual([{ ...lisbon, count: 2_500_000 }]);
  });

  it('refuses anyone but an administrator, and removes nothing for them', async () => {
    const before = await reportsOf(bad);
    for (const [kind, status] of [
      ['free', 403],
      ['paying', 403],
      ['none', 401],
    ] as const) {
      const viewer = await createTestViewer(testApp.app, kind);
      const response = await purge(viewer, bad.viewer.userId!);
      expect(response.statusCode, kind).toBe(status);
    }
    // The submitter itself may not undo its own reports either.
    expect((await purge(bad.viewer, bad.viewer.userId!)).statusCode).toBe(403);
    expect(await reportsOf(bad)).toBe(before);
    expect((await get('/api/info/place/lisbon1')).data[0].title).toBe('Lisbon Coin Casino');
  });

  it('is described in the OpenAPI document, with its parameter and answer', async () => {
    const document = await get('/api/docs/json');
    const route = document.paths['/api/admin/crowd/submitters/{userId}/reports'].delete;
    expect(route.tags).toEqual(['admin']);
    expect(route.parameters).toEqual([
      expect.objectContaining({ name: 'userId', in: 'path', required: true }),
    ]);
    expect(route.responses['200']).toBeDefined();
    expect(route.responses['403']).toBeDefined();
  });

  it('answers 400 with a reason for an id that is not an account id', async () => {
    const response = await purge(admin, 'not%20an%20id');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/account id/);
  });

  it('undoes once when purges and reports arrive at the same moment', async () => {
    const second = await createTestViewer(testApp.app, 'admin');
    const others = [await crowd.create(), await crowd.create()];
    const [first, again, ...reported] = await Promise.all([
      purge(admin, bad.viewer.userId!),
      purge(second, bad.viewer.userId!),
      // Two more honest voices on sunset while the purge runs.
      ...others.map((submitter) =>
        crowd.send(submitter, '/api/cache/autocomplete', {
          query: 'sun',
          hashtags: [{ hashtag: 'sunset', count: 4_250 }],
        }),
      ),
    ]);
    expect([first!.statusCode, again!.statusCode]).toEqual([200, 200]);
    expect(reported.map((response) => response.statusCode)).toEqual([202, 202]);
    // Every report removed exactly once between the two.
    expect(first!.json().reports + again!.json().reports).toBe(15);
    // Whichever was decided last saw every report but bad's: 4,000, 4,200, 4,250 (twice) and 4,300
    // (with bad's 3,900 it would be 4,200).
    await expectUndone(4_250);
  });
});
