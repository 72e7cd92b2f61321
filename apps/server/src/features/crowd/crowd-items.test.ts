import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  IMPORTED_PROFILE as ana,
  importPlaceAndProfile,
  IMPORTED_PLACE as lisbon,
} from '../../test/crowd-fixtures.js';
import { type CrowdSubmitter, crowdSubmitters } from '../../test/crowd-submitters.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

/** The reproduction: one signed-in device rewrites both, and plants a place and a profile never seen. */
const plantedPlaces = {
  query: 'lis',
  places: [
    { place_id: 'lisbon1', title: 'Buy coins at scam.example', count: 1 },
    { place_id: 'fake9', title: 'Lisbon Coin Casino', count: 9_999_999_999 },
  ],
};
const plantedUsers = {
  query: 'ana',
  users: [
    {
      ...ana,
      full_name: 'Send coins to win',
      biography: 'Visit scam.example',
      followers: 1,
      is_verified: true,
    },
    { profile_id: 'fake8', username: 'ana.official', followers: 9_999_999_999 },
  ],
};

describe.each(testDialects)('places and profiles devices report need agreement, on %s', (dialect) => {
  let testApp: TestApp;
  let crowd: ReturnType<typeof crowdSubmitters>;
  let submitters: CrowdSubmitter[];
  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();
  const place = async (id: string) => (await get(`/api/info/place/${id}`)).data[0];
  const profile = async (id: string) => (await get(`/api/info/user/${id}`)).data[0];
  const report = async (submitter: CrowdSubmitter, payload: object) => {
    const response = await crowd.send(submitter, '/api/cache/autocomplete', payload);
    expect(response.statusCode).toBe(202);
  };
  const reportPlace = (submitter: CrowdSubmitter, values: object) =>
    report(submitter, { query: 'x', places: [values] });
  const reportUser = (submitter: CrowdSubmitter, values: object) =>
    report(submitter, { query: 'x', users: [values] });

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
      CACHE_RATE_LIMIT_PER_MINUTE: 10_000,
    });
    crowd = crowdSubmitters(testApp.app);
    submitters = [];
    for (let i = 0; i < 4; i++) submitters.push(await crowd.create());
  });
  afterAll(async () => testApp.close());
  beforeEach(async () => {
    const { database } = testApp.testDatabase;
    for (const table of ['places', 'profiles', 'crowd_reports', 'crowd_items'] as const)
      await database.db.deleteFrom(table).execute();
    await importPlaceAndProfile(database);
  });

  it('lets no one device rewrite what another user sees, and shows planted items as being looked up', async () => {
    const [device] = submitters as [CrowdSubmitter];
    for (const [url, payload] of [
      ['/api/cache/autocomplete', plantedPlaces],
      ['/api/cache/autocomplete', plantedUsers],
      ['/api/cache/recommend', { place: plantedPlaces.places[0], posts: [] }],
      ['/api/cache/recommend', { user: plantedUsers.users[0], posts: [] }],
    ] as const) {
      expect((await crowd.send(device, url, payload)).statusCode).toBe(202);
    }
    // Another user, not signed in.
    expect(await place('lisbon1')).toEqual(lisbon);
    expect((await get('/api/autocomplete/place/lis')).places).toEqual([lisbon]);
    expect(await profile('u1')).toMatchObject({
      full_name: 'Ana Travels',
      followers: 52_000,
      is_verified: false,
    });
    const users = (await get('/api/autocomplete/user/ana')).users;
    expect(users.map((user: { username: string }) => user.username)).toEqual(['ana.travels']);
    // Never seen before: answered as being looked up, suggested to no one.
    expect(await place('fake9')).toEqual({ place_id: 'fake9', title: '', count: -2 });
    expect(await profile('fake8')).toMatchObject({
      profile_id: 'fake8',
      username: '',
      followers: -2,
      following: -2,
      post_count: -2,
    });
  });

  it('serves a place’s title and count once three accounts agree: the median count, never an outlier', async () => {
    const [a, b, c, d] = submitters as [CrowdSubmitter, CrowdSubmitter, CrowdSubmitter, CrowdSubmitter];
    await reportPlace(a, { place_id: 'lisbon1', title: 'Lisboa', count: 9_999_999_999 });
    await reportPlace(b, { place_id: 'lisbon1', title: 'Lisboa', count: 2_100_000 });
    expect(await place('lisbon1')).toEqual(lisbon);
    await reportPlace(c, { place_id: 'lisbon1', title: 'Lisboa', count: 2_200_000 });
    // Three alike titles; the outlier count leaves two counts within 10% of their median.
    expect(await place('lisbon1')).toEqual({ ...lisbon, title: 'Lisboa' });
    expect((await get('/api/autocomplete/place/lisboa')).places).toEqual([{ ...lisbon, title: 'Lisboa' }]);
    await reportPlace(d, { place_id: 'lisbon1', title: 'Lisboa', count: 2_150_000 });
    expect(await place('lisbon1')).toEqual({ place_id: 'lisbon1', title: 'Lisboa', count: 2_150_000 });
    const row = await testApp.testDatabase.database.db
      .selectFrom('places')
      .select('value_source')
      .where('id', '=', 'lisbon1')
      .executeTakeFirstOrThrow();
    expect(row.value_source).toBe('crowd');
  });

  it('keeps a never-seen place out of search, being looked up, until its title is agreed', async () => {
    const [a, b, c] = submitters as [CrowdSubmitter, CrowdSubmitter, CrowdSubmitter];
    await reportPlace(a, { place_id: 'cafe7', title: 'Cafe Luso', count: 300 });
    await reportPlace(b, { place_id: 'cafe7', title: 'Cafe Luso', count: 310 });
    expect(await place('cafe7')).toEqual({ place_id: 'cafe7', title: '', count: -2 });
    expect((await get('/api/autocomplete/place/cafe')).places).toEqual([]);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/info/place/never' })).statusCode).toBe(404);
    await reportPlace(c, { place_id: 'cafe7', title: 'Cafe Luso', count: 305 });
    const agreed = { place_id: 'cafe7', title: 'Cafe Luso', count: 305 };
    expect(await place('cafe7')).toEqual(agreed);
    expect((await get('/api/autocomplete/place/cafe')).places).toEqual([agreed]);
  });

  it('decides each profile field on its own: alike names and flags, counts within the tolerance', async () => {
    const [a, b, c] = submitters as [CrowdSubmitter, CrowdSubmitter, CrowdSubmitter];
    await reportUser(a, { ...ana, biography: 'New bio', followers: 60_000, is_verified: true });
    await reportUser(b, { ...ana, biography: 'New bio', followers: 61_000, full_name: 'Scam' });
    await reportUser(c, { ...ana, biography: 'New bio', followers: 59_500, is_verified: true });
    expect(await profile('u1')).toMatchObject({
      username: 'ana.travels',
      full_name: 'Ana Travels',
      biography: 'New bio',
      followers: 60_000,
      // Two of three said verified: not agreed.
      is_verified: false,
    });
    expect(await profile('ana.travels')).toMatchObject({ profile_id: 'u1', biography: 'New bio' });
  });

  it('agrees on a picture whose signed address differs only in its query, and serves the newest', async () => {
    const [a, b, c, d] = submitters as [CrowdSubmitter, CrowdSubmitter, CrowdSubmitter, CrowdSubmitter];
    const picture = (signature: string) => `https://scontent.cdninstagram.com/v/t51/1_n.jpg?oh=${signature}`;
    await reportPlace(a, { ...lisbon, profile_pic_url: picture('a') });
    await reportPlace(b, { ...lisbon, profile_pic_url: 'https://evil.example/v/t51/1_n.jpg?oh=b' });
    await reportPlace(c, { ...lisbon, profile_pic_url: picture('c') });
    expect((await place('lisbon1')).profile_pic_url).toBeUndefined();
    await reportPlace(d, { ...lisbon, profile_pic_url: picture('d') });
    expect((await place('lisbon1')).profile_pic_url).toBe(picture('d'));
  });

  it('agrees once however many accounts report a place at the same moment', async () => {
    const many = [...submitters, await crowd.create(), await crowd.create(), await crowd.create()];
    const responses = await Promise.all(
      many.map((submitter, i) =>
        crowd.send(submitter, '/api/cache/recommend', {
          place: { place_id: 'rush1', title: 'Rush Square', count: 4000 + i },
          posts: [],
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(many.map(() => 202));
    expect(await place('rush1')).toEqual({ place_id: 'rush1', title: 'Rush Square', count: 4003 });
    const reports = await testApp.testDatabase.database.db
      .selectFrom('crowd_reports')
      .select(['submitter', 'field'])
      .where('subject', '=', 'place')
      .where('item', '=', 'rush1')
      .execute();
    expect(reports).toHaveLength(many.length * 2);
    expect(new Set(reports.map((row) => row.submitter)).size).toBe(many.length);
  });
});
