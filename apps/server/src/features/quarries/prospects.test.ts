import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, testClock } from '../../test/test-users.js';
import {
  clientFor,
  storeTestData,
  type TestClient,
  type TestPost,
  type TestProfile,
} from './quarry-test-data.js';

const places = [
  { id: 'pl-lis', title: 'Lisbon, Portugal' },
  { id: 'pl-por', title: 'Porto, Portugal' },
  { id: 'pl-far', title: 'Faro, Portugal' },
  { id: 'pl-big', title: 'Big Square' },
  { id: 'pl-new', title: 'New Square' },
];

/** A profile that passes every profile filter of BASE, with one field changed. */
const baker = (id: string, change: Partial<TestProfile> = {}): TestProfile => ({
  id,
  username: id,
  full_name: 'Baker',
  biography: 'Pastry every morning',
  followers: 10_000,
  business_category_name: 'Bakery',
  ...change,
});
/** A post that passes every post filter of BASE, with one field changed. */
const post = (id: string, owner: string | null, change: Partial<TestPost> = {}): TestPost => ({
  id,
  owner,
  placeId: 'pl-lis',
  daysAgo: 1,
  tags: ['coffee', 'lisbon'],
  ...change,
});

// Each "x_" profile fails exactly one filter of BASE; the "in_" ones pass them all.
const profiles: TestProfile[] = [
  baker('in_ana', { username: 'ana.bakes' }),
  baker('in_rui', {
    followers: 500,
    biography: 'Espresso and pastel de nata',
    business_category_name: 'Cafe',
  }),
  baker('in_max', { followers: 50_000, business_category_name: 'bakery' }),
  baker('x_place'),
  baker('x_age'),
  baker('x_post_keyword'),
  baker('x_post_negative'),
  baker('x_category', { business_category_name: 'Restaurant' }),
  baker('x_no_category', { business_category_name: null }),
  baker('x_followers_low', { followers: 499 }),
  baker('x_followers_high', { followers: 50_001 }),
  baker('x_profile_keyword', { biography: 'Surf lessons' }),
  baker('x_profile_negative', { biography: 'Pastry franchise' }),
];
const posts: TestPost[] = [
  post('p1', 'in_ana', { daysAgo: 1 }),
  post('p2', 'in_ana', { daysAgo: 3, tags: ['coffeetime', 'pastel'] }),
  post('p3', 'in_ana', { daysAgo: 0.5, tags: ['tea', 'lisbon'] }),
  post('p4', 'in_rui', { placeId: 'pl-por', daysAgo: 6.9, tags: ['bestcoffee', 'porto'] }),
  post('p5', 'in_max', { tags: ['COFFEE', 'cafe'] }),
  post('p6', 'x_place', { placeId: 'pl-far' }),
  post('p7', 'x_age', { daysAgo: 7.1 }),
  post('p8', 'x_post_keyword', { tags: ['tea', 'lisbon'] }),
  post('p9', 'x_post_negative', { tags: ['coffee', 'sponsored'] }),
  post('p10', 'x_category'),
  post('p11', 'x_no_category'),
  post('p12', 'x_followers_low'),
  post('p13', 'x_followers_high'),
  post('p14', 'x_profile_keyword'),
  post('p15', 'x_profile_negative'),
  post('p16', 'nobody_without_profile'),
  post('p17', null),
];

const BASE = {
  title: 'Bakers who post coffee',
  place_ids: ['pl-lis', 'pl-por'],
  post_filters: { keywords: ['coffee'], max_age: 7, negative_keywords: ['sponsored'] },
  profile_filters: {
    categories: ['Bakery', 'Cafe'],
    follower_range: [500, 50_000],
    keywords: ['pastry', 'espresso'],
    negative_keywords: ['franchise'],
  },
};
const MATCHING = ['in_ana', 'in_max', 'in_rui'];

interface Prospect {
  profile_id: string;
  username: string;
  is_new: boolean;
  matched_posts: number;
  last_post_at: string;
}

describe.each(testDialects)('prospects on %s', (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  const clock = testClock();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { PROSPECTING_SCHEDULE_MINUTES: 0, now: clock.now });
    await storeTestData(testApp.testDatabase.database, { places, profiles, posts });
    admin = clientFor(testApp.app, (await createTestViewer(testApp.app, 'admin')).headers);
  });
  afterAll(async () => testApp.close());

  async function createQuarry(body: object = BASE): Promise<string> {
    const response = await admin.post('/api/quarries', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().quarry_id;
  }
  async function run(quarryId: string) {
    const response = await admin.post(`/api/quarries/${quarryId}/run`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('done');
    return response.json().runs[0];
  }
  async function prospects(
    quarryId: string,
    query = '',
  ): Promise<{ prospects: Prospect[]; total: number; new_count: number }> {
    const response = await admin.get(`/api/quarries/${quarryId}/prospects${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const idsOf = (page: { prospects: Prospect[] }) => page.prospects.map((p) => p.profile_id).sort();

  it('finds exactly the profiles that pass every filter', async () => {
    const quarryId = await createQuarry();
    const summary = await run(quarryId);
    expect(summary).toMatchObject({
      quarry_id: quarryId,
      prospects: 3,
      new_prospects: 3,
      capped: false,
      skipped: null,
    });
    // Posts at Lisbon and Porto within 7 days: every post but p6 (Faro) and p7 (too old).
    expect(summary.posts_scanned).toBe(posts.length - 2);
    const page = await prospects(quarryId);
    expect(idsOf(page)).toEqual(MATCHING);
    const ana = page.prospects.find((p) => p.profile_id === 'in_ana')!;
    expect(ana).toMatchObject({ username: 'ana.bakes', matched_posts: 2, is_new: true });
    // Her newest matching post is p1 (a day ago), not p3 (tea, half a day ago).
    expect(Math.abs(Date.parse(ana.last_post_at) - (clock.now() - 86_400_000))).toBeLessThan(5000);
  });

  // Relaxing one filter lets in exactly the profile that only that filter kept out.
  const relaxed: [string, object, string][] = [
    ['places', { place_ids: ['pl-lis', 'pl-por', 'pl-far'] }, 'x_place'],
    ['max post age', { post_filters: { ...BASE.post_filters, max_age: 8 } }, 'x_age'],
    [
      'post keywords',
      { post_filters: { ...BASE.post_filters, keywords: ['coffee', 'tea'] } },
      'x_post_keyword',
    ],
    [
      'negative post keywords',
      { post_filters: { ...BASE.post_filters, negative_keywords: [] } },
      'x_post_negative',
    ],
    [
      'categories',
      { profile_filters: { ...BASE.profile_filters, categories: ['Bakery', 'Cafe', 'restaurant'] } },
      'x_category',
    ],
    [
      'follower minimum',
      { profile_filters: { ...BASE.profile_filters, follower_range: [499, 50_000] } },
      'x_followers_low',
    ],
    [
      'follower maximum',
      { profile_filters: { ...BASE.profile_filters, follower_range: [500, 50_001] } },
      'x_followers_high',
    ],
    [
      'profile keywords',
      { profile_filters: { ...BASE.profile_filters, keywords: ['pastry', 'espresso', 'surf'] } },
      'x_profile_keyword',
    ],
    [
      'negative profile keywords',
      { profile_filters: { ...BASE.profile_filters, negative_keywords: [] } },
      'x_profile_negative',
    ],
  ];

  it.each(relaxed)('shows the %s filter both excluding and including', async (_name, change, newcomer) => {
    const quarryId = await createQuarry();
    await run(quarryId);
    expect(idsOf(await prospects(quarryId))).toEqual(MATCHING);
    expect((await admin.put(`/api/quarries/${quarryId}`, change)).statusCode).toBe(200);
    const summary = await run(quarryId);
    expect(summary).toMatchObject({ prospects: 4, new_prospects: 1 });
    const page = await prospects(quarryId);
    expect(idsOf(page)).toEqual([...MATCHING, newcomer].sort());
    expect(page.prospects[0]).toMatchObject({ profile_id: newcomer, is_new: true });
    expect(page.new_count).toBe(1);
  });

  it('includes everyone who posted at the places with open filters, except those outside the follower range', async () => {
    const quarryId = await createQuarry({ place_ids: ['pl-lis', 'pl-por'] });
    await run(quarryId);
    expect(idsOf(await prospects(quarryId))).toEqual(
      [
        'in_ana',
        'in_max',
        'in_rui',
        'x_category',
        'x_no_category',
        'x_post_keyword',
        'x_post_negative',
        'x_profile_keyword',
        'x_profile_negative',
      ].sort(),
    );
  });

  it('counts as new only the prospects a run finds for the first time', async () => {
    const quarryId = await createQuarry({ ...BASE, place_ids: ['pl-lis', 'pl-por', 'pl-new'] });
    expect(await run(quarryId)).toMatchObject({ prospects: 3, new_prospects: 3 });
    const second = await run(quarryId);
    expect(second).toMatchObject({ prospects: 3, new_prospects: 0 });
    const quarry = (await admin.get(`/api/quarries/${quarryId}`)).json();
    expect(quarry).toMatchObject({ new_prospects: 0, prospect_count: 3, run_count: 2 });
    expect((await prospects(quarryId)).prospects.every((p) => !p.is_new)).toBe(true);

    await storeTestData(testApp.testDatabase.database, {
      profiles: [baker('in_new', { username: 'nova.padaria' })],
      posts: [post('p-new', 'in_new', { placeId: 'pl-new', tags: ['coffee', 'porto'] })],
      nowMs: clock.now(),
    });
    expect(await run(quarryId)).toMatchObject({ prospects: 4, new_prospects: 1 });
    const page = await prospects(quarryId);
    expect(page.prospects.map((p) => [p.profile_id, p.is_new])[0]).toEqual(['in_new', true]);
    expect(page.prospects.filter((p) => p.is_new)).toHaveLength(1);
    expect(
      (await admin.get('/api/quarries'))
        .json()
        .quarries.find((q: { quarry_id: string }) => q.quarry_id === quarryId),
    ).toMatchObject({ new_prospects: 1, prospect_count: 4, run_count: 3 });
  });

  it('skips an inactive quarry, in a single run and in run-all', async () => {
    const quarryId = await createQuarry({ ...BASE, active: false });
    expect(await run(quarryId)).toMatchObject({ skipped: 'inactive', prospects: 0 });
    const all = await admin.post('/api/quarries/run');
    expect(all.statusCode).toBe(200);
    const runs = all.json().runs as { quarry_id: string; skipped: string | null }[];
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.map((r) => r.quarry_id)).not.toContain(quarryId);
    expect(runs.every((r) => r.skipped === null)).toBe(true);
  });

  it('records at most 900 prospects a run, and the rest on the next run', async () => {
    const crowd = Array.from({ length: 905 }, (_, i) => `crowd${String(i).padStart(3, '0')}`);
    await storeTestData(testApp.testDatabase.database, {
      profiles: crowd.map((id) => baker(id)),
      posts: crowd.map((id, i) => post(`cp-${id}`, id, { placeId: 'pl-big', daysAgo: i / 1000 })),
      nowMs: clock.now(),
    });
    const quarryId = await createQuarry({ ...BASE, place_ids: ['pl-big'] });
    expect(await run(quarryId)).toMatchObject({
      posts_scanned: 905,
      prospects: 900,
      new_prospects: 900,
      capped: true,
    });
    const first = await prospects(quarryId, '?page=1&page_size=200');
    expect(first.total).toBe(900);
    expect(first.prospects[0]!.profile_id).toBe('crowd000');
    const lastPage = await prospects(quarryId, '?page=5&page_size=200');
    expect(lastPage.prospects).toHaveLength(100);
    // The five oldest posters did not fit; being new, they come first next time.
    expect(await run(quarryId)).toMatchObject({ prospects: 900, new_prospects: 5, capped: true });
    const second = await prospects(quarryId, '?page=1&page_size=5');
    expect(second.prospects.map((p) => p.profile_id).sort()).toEqual([
      'crowd900',
      'crowd901',
      'crowd902',
      'crowd903',
      'crowd904',
    ]);
    expect(second.prospects.every((p) => p.is_new)).toBe(true);
    expect(second.new_count).toBe(5);
  });

  it('pages through the prospects', async () => {
    const quarryId = await createQuarry();
    await run(quarryId);
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push(await prospects(quarryId, `?page=${page}&page_size=1`));
    expect(pages.map((p) => p.prospects.length)).toEqual([1, 1, 1, 0]);
    expect(pages.flatMap((p) => p.prospects.map((x) => x.profile_id)).sort()).toEqual(MATCHING);
    expect(pages[0]!.total).toBe(3);
    expect((await admin.get(`/api/quarries/${quarryId}/prospects?page_size=201`)).statusCode).toBe(400);
  });

  it('exports the prospects as CSV, escaped and safe to open in a spreadsheet', async () => {
    await storeTestData(testApp.testDatabase.database, {
      profiles: [
        baker('csv_tricky', {
          username: 'tricky',
          full_name: '=HYPERLINK("http://evil.example","Click")',
          biography: 'Pastry, "the best"\nsecond line',
          business_category_name: 'Beauty, Cosmetic & Personal Care',
          followers: 1234,
        }),
      ],
      posts: [post('csv-p', 'csv_tricky', { placeId: 'pl-far' })],
      nowMs: clock.now(),
    });
    const quarryId = await createQuarry({
      ...BASE,
      title: 'Faro: CSV',
      place_ids: ['pl-far'],
      profile_filters: { ...BASE.profile_filters, categories: [] },
    });
    await run(quarryId);
    const response = await admin.get(`/api/quarries/${quarryId}/prospects.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="prospects-faro-csv.csv"');
    const text = response.body;
    expect(text.startsWith('\uFEFFusername,full_name,followers,category,biography,')).toBe(true);
    expect(text).toContain(
      'tricky,"\'=HYPERLINK(""http://evil.example"",""Click"")",1234,"Beauty, Cosmetic & Personal Care","Pastry, ""the best""\nsecond line",1,',
    );
    expect(text).toContain(',true,https://www.instagram.com/tricky/\r\n');
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1 + 2); // header, x_place, tricky
  });
});

describe.each(testDialects)('prospecting usage on %s', (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      PROSPECTING_SCHEDULE_MINUTES: 0,
      PROSPECTING_POSTS_PER_PERIOD: 20,
      PROSPECTING_PROSPECTS_PER_PERIOD: 4,
    });
    const crowd = Array.from({ length: 12 }, (_, i) => `u${String(i).padStart(2, '0')}`);
    await storeTestData(testApp.testDatabase.database, {
      places,
      profiles: crowd.map((id) => baker(id)),
      posts: crowd.map((id, i) => post(`post-${id}`, id, { daysAgo: 1 + i / 100 })),
    });
    admin = clientFor(testApp.app, (await createTestViewer(testApp.app, 'admin')).headers);
  });
  afterAll(async () => testApp.close());

  // Sessions expire after 7 idle days by the app clock, so the period is moved back instead of the clock on.
  const movePeriodStart = async (days: number) => {
    await testApp.testDatabase.database.db
      .updateTable('prospecting_usage')
      .set((eb) => ({ period_start: eb('period_start', '+', days * 86_400_000) }))
      .execute();
  };
  const usage = async () => (await admin.get('/api/quarries/usage')).json();
  const runQuarry = async (quarryId: string) =>
    (await admin.post(`/api/quarries/${quarryId}/run`)).json().runs[0];

  it('reports real figures against the configured limits, day by day, and starts again each period', async () => {
    expect(await usage()).toMatchObject({
      day: 1,
      day_limit: 30,
      posts: 0,
      post_limit: 20,
      prospects: 0,
      prospect_limit: 4,
    });
    const quarryId = (await admin.post('/api/quarries', { place_ids: ['pl-lis'] })).json().quarry_id;

    // 12 posts scanned; 12 profiles match but only 4 new ones fit the allowance.
    expect(await runQuarry(quarryId)).toMatchObject({ posts_scanned: 12, prospects: 4, new_prospects: 4 });
    expect(await usage()).toMatchObject({ day: 1, posts: 12, prospects: 4 });

    await movePeriodStart(-15);
    // The post allowance has 8 left; no prospect allowance is left, so nothing new is recorded.
    expect(await runQuarry(quarryId)).toMatchObject({ posts_scanned: 8, new_prospects: 0 });
    expect(await usage()).toMatchObject({ day: 16, posts: 20, prospects: 4 });
    expect(await runQuarry(quarryId)).toMatchObject({ skipped: 'limit_reached', posts_scanned: 0 });

    await movePeriodStart(-15);
    const fresh = await usage();
    expect(fresh).toMatchObject({ day: 1, posts: 0, prospects: 0 });
    expect(Date.parse(fresh.period_end) - Date.parse(fresh.period_start)).toBe(30 * 86_400_000);
  });
});
