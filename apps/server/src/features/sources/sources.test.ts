import {
  CLOSED_HASHTAG_FEEDS,
  FakeClock,
  type FakeMastodon,
  makeStatuses,
  OPEN_HASHTAG_FEEDS,
  startFakeMastodon,
} from '@tagscout/sources/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp, type TestViewer } from '../../test/test-users.js';

interface Tag {
  hashtag: string;
  count: number;
  indexing?: true;
  related_tags?: { hashtag: string; subcount: number; authors: number }[];
  related_post_count?: number;
}

describe.each(testDialects)('live sources on %s: Mastodon behind the store', (dialect) => {
  let testApp: TestApp;
  let fake: FakeMastodon;
  let admin: TestViewer;
  let member: TestViewer;
  // The limiter's 5 s between requests pass on this clock without waiting.
  const clock = new FakeClock({ start: Date.now(), autoAdvance: true });
  const newest = Date.now() - 3_600_000;

  const get = (url: string, viewer?: TestViewer) =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: viewer?.headers ?? {},
      remoteAddress: freshIp(),
    });
  const suggestions = async (query: string) =>
    ((await get(`/api/autocomplete/hashtag/${query}`)).json() as { hashtags: Tag[] }).hashtags;
  const info = async (names: string, recommended = false) =>
    // As an administrator, whose plan shows every related tag.
    (
      (await get(`/api/info/hashtag/${names}${recommended ? '?recommended=1' : ''}`, admin)).json() as {
        data: Tag[];
      }
    ).data;
  const status = async () => (await get('/api/sources/status', admin)).json();
  const fetched = () => testApp.app.sources.whenIdle();

  beforeAll(async () => {
    fake = await startFakeMastodon({ now: () => clock.now() });
    fake.addTag({
      name: 'sourdough',
      uses: [12, 9, 30, 0, 4, 1, 2],
      statuses: makeStatuses({ tag: 'Sourdough', related: ['bread', 'baking', 'levain'], count: 60, newest }),
    });
    fake.addTag({ name: 'bread', uses: [100, 20] });
    testApp = await buildTestApp(dialect, {
      MASTODON_URL: fake.url,
      // Mastodon's tags are a network of their own; requests naming none go there.
      DEFAULT_NETWORK: ['mastodon'],
      SOURCE_SEED_MINUTES: 0,
      BG_SEED_SEARCHES: 2,
      sourceClock: clock,
    });
    admin = await createTestViewer(testApp.app, 'admin');
    member = await createTestViewer(testApp.app, 'paying');
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  it('shows a tag the store has never seen as indexing, then its count and related tags after the fetch', async () => {
    // The instance answers once the test has seen the indexing state, which a quick fetch would end.
    const release = fake.hold('/api/v1/tags/sourdough');
    expect(await suggestions('sourdough')).toEqual([{ hashtag: 'sourdough', count: -1, indexing: true }]);
    const [indexing] = await info('sourdough', true);
    expect(indexing).toEqual({
      hashtag: 'sourdough',
      count: -1,
      indexing: true,
      related_tags: [],
      related_post_count: 0,
    });

    release();
    await fetched();
    expect(await suggestions('sourdough')).toEqual([{ hashtag: 'sourdough', count: 58 }]);
    const [known] = await info('sourdough', true);
    // The 60 posts come from 5 posters; each weighs at most 3 posts in the window (decision 025).
    expect(known).toMatchObject({ hashtag: 'sourdough', count: 58, related_post_count: 15 });
    expect(known!.related_tags!.map((tag) => [tag.hashtag, tag.subcount, tag.authors])).toEqual(
      expect.arrayContaining([
        ['bread', 15, 5],
        ['baking', 7, 5],
        ['levain', 8, 5],
      ]),
    );
    // One tag page and two timeline pages, 5 s apart by the limiter's clock.
    const calls = fake.requests.map((request) => request.path);
    expect(calls).toEqual([
      '/api/v1/tags/sourdough',
      '/api/v1/timelines/tag/sourdough',
      '/api/v1/timelines/tag/sourdough',
    ]);
    const gaps = fake.requests.slice(1).map((request, index) => request.at - fake.requests[index]!.at);
    expect(gaps).toEqual([5000, 5000]);
    // Stored with their provenance.
    const sources = await testApp.testDatabase.database.db
      .selectFrom('posts')
      .select('source')
      .distinct()
      .execute();
    expect(sources).toEqual([{ source: 'mastodon' }]);
  });

  it('caches a tag the network does not know as count 0', async () => {
    expect(await info('nosuchtag')).toEqual([{ hashtag: 'nosuchtag', count: -1, indexing: true }]);
    await fetched();
    expect(await info('nosuchtag')).toEqual([{ hashtag: 'nosuchtag', count: 0 }]);
  });

  it('looks up counts of tags seen only in posts, when asked for them', async () => {
    expect(await info('bread,levain')).toEqual([
      { hashtag: 'bread', count: -2 },
      { hashtag: 'levain', count: -2 },
    ]);
    await fetched();
    expect(await info('bread,levain')).toEqual([
      { hashtag: 'bread', count: 120 },
      { hashtag: 'levain', count: 0 },
    ]);
  });

  it('queues again a tag left indexing by a fetch that never ran (a restart)', async () => {
    fake.addTag({ name: 'rye', uses: [7] });
    await testApp.testDatabase.database.db
      .insertInto('hashtags')
      .values({
        network: 'instagram',
        name: 'rye',
        post_count: -1,
        count_state: 'indexing',
        banned: 0,
        updated_at: clock.now(),
      })
      .execute();
    expect(await suggestions('rye')).toEqual([{ hashtag: 'rye', count: -1, indexing: true }]);
    await fetched();
    expect(await suggestions('rye')).toEqual([{ hashtag: 'rye', count: 7 }]);
  });

  it('refreshes the most-searched tags in the background, within the limiter', async () => {
    for (let i = 0; i < 3; i++) await suggestions('sourdough');
    await info('bread', true);
    const before = fake.requests.length;
    expect(await testApp.app.sources.seedNow()).toEqual(['sourdough', 'bread']);
    await fetched();
    const seeded = fake.requests.slice(before);
    expect(seeded.map((request) => request.path)).toEqual([
      '/api/v1/tags/sourdough',
      '/api/v1/timelines/tag/sourdough',
      '/api/v1/timelines/tag/sourdough',
      '/api/v1/tags/bread',
      '/api/v1/timelines/tag/bread',
    ]);
    expect(seeded.slice(1).every((request, index) => request.at - seeded[index]!.at >= 5000)).toBe(true);
    const searched = await testApp.testDatabase.database.db
      .selectFrom('hashtags')
      .select(['name', 'searches'])
      .where('searches', '>', 0)
      .orderBy('name')
      .execute();
    expect(searched).toEqual([
      { name: 'bread', searches: 1 },
      { name: 'rye', searches: 1 },
      // Two searches by name in the first test, three here.
      { name: 'sourdough', searches: 5 },
    ]);
  });

  it('takes device reports, and shows admins the alerts (others may not look)', async () => {
    const report = (body: object, viewer: TestViewer = member) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/sources/reports',
        headers: viewer.headers,
        remoteAddress: freshIp(),
        payload: body,
      });
    const block = { source: 'instagram-web', call: 'search:hashtag', failure: 'block' };
    const cors = { source: 'instagram-web', call: 'search:place', failure: 'cors' };
    expect((await report({ source: 'mastodon', call: 'search:hashtag', failure: 'block' })).statusCode).toBe(
      400,
    );
    expect((await report({ source: 'instagram-web', call: 'search:tag', failure: 'block' })).statusCode).toBe(
      400,
    );

    // Anyone may send a report; one without a signed-in account is not counted.
    const nobody = await createTestViewer(testApp.app, 'none');
    const anonymous = await createTestViewer(testApp.app, 'anonymousTrial');
    for (const viewer of [nobody, anonymous]) {
      const answer = await report(block, viewer);
      expect([answer.statusCode, answer.json()]).toEqual([202, { status: 'ignored' }]);
    }
    // One account alone raises nothing, however often it reports.
    for (let i = 0; i < 4; i++) {
      const answer = await report(block);
      expect([answer.statusCode, answer.json()]).toEqual([202, { status: 'recorded' }]);
    }
    expect((await status()).alerts).toEqual([]);

    // Three signed-in accounts agreeing (two of them at the same moment) raise the alert.
    const others = await Promise.all([
      createTestViewer(testApp.app, 'paying'),
      createTestViewer(testApp.app, 'emailTrial'),
    ]);
    await Promise.all(others.map((viewer) => report(block, viewer)));
    await report(cors);
    await report(cors, others[0]);

    expect((await get('/api/sources/status', member)).statusCode).toBe(403);
    expect((await get('/api/sources/status')).statusCode).toBe(401);
    const body = await status();
    expect(body.alerts).toEqual(['searches_blocked']);
    expect(body.sources).toEqual([
      { name: 'mastodon', origin: 'server', is_enabled: true, queued: 0 },
      { name: 'instagram-web', origin: 'device', is_enabled: true, queued: 0 },
      { name: 'bluesky', origin: 'server', is_enabled: false, queued: 0 },
    ]);
    expect(body.failures).toEqual([
      expect.objectContaining({
        source: 'instagram-web',
        origin: 'device',
        call: 'search:hashtag',
        failure: 'block',
        is_active: true,
      }),
    ]);
    // The third account to report a cross-origin refusal completes that one too.
    await report(cors, others[1]);
    expect((await status()).alerts).toEqual(['searches_blocked', 'possible_cors']);
  });

  it('keeps the count of a tag whose timeline the instance keeps for signed-in users, and goes on looking up', async () => {
    fake.setHashtagFeeds(CLOSED_HASHTAG_FEEDS);
    fake.addTag({ name: 'kvass', uses: [4, 4] });
    fake.addTag({ name: 'kimchi', uses: [9] });
    try {
      expect(await suggestions('kvass')).toEqual([{ hashtag: 'kvass', count: -1, indexing: true }]);
      await fetched();
      expect(await suggestions('kvass')).toEqual([{ hashtag: 'kvass', count: 8 }]);
      // Lookups are not blocked: the next unknown tag is fetched at once.
      expect(await suggestions('kimchi')).toEqual([{ hashtag: 'kimchi', count: -1, indexing: true }]);
      await fetched();
      expect(await suggestions('kimchi')).toEqual([{ hashtag: 'kimchi', count: 9 }]);
      const body = await status();
      expect(body.alerts).not.toContain('lookups_blocked');
      expect(body.failures).toContainEqual(
        expect.objectContaining({ source: 'mastodon', call: 'lookup:hashtag', failure: 'unknown' }),
      );
    } finally {
      fake.setHashtagFeeds(OPEN_HASHTAG_FEEDS);
    }
  });

  it('stops lookups once the instance asks for a login, and tells admins', async () => {
    fake.fail('login-required', { pathPrefix: '/api/v1/tags/' });
    expect(await suggestions('kombucha')).toEqual([{ hashtag: 'kombucha', count: -1, indexing: true }]);
    await fetched();
    // The fetch failed: the tag is unknown again, and a later search may try once the block lapses.
    expect(await suggestions('kombucha')).toEqual([{ hashtag: 'kombucha', count: -1 }]);
    const made = fake.requests.length;
    expect(await suggestions('kefir')).toEqual([]);
    expect(await info('kefir')).toEqual([{ hashtag: 'kefir', count: -1 }]);
    await fetched();
    expect(fake.requests).toHaveLength(made);

    const body = await status();
    expect(body.alerts).toContain('lookups_blocked');
    expect(body.failures).toContainEqual(
      expect.objectContaining({
        source: 'mastodon',
        origin: 'server',
        call: 'lookup:hashtag',
        failure: 'block',
        is_active: true,
      }),
    );
  });
});
