import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crowdSubmitters, type CrowdSubmitter as Submitter } from '../../test/crowd-submitters.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { ingestAutocomplete, ingestRecommend } from '../store/store.service.js';

const T0 = 1_700_000_000;

describe.each(testDialects)('crowd reports need agreement, on %s', (dialect) => {
  let testApp: TestApp;
  let crowd: ReturnType<typeof crowdSubmitters>;
  let submitters: Submitter[];
  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();
  // On Instagram, the crowd's network: a store holding only pending tags has no default network.
  const countOf = async (name: string) =>
    (await get(`/api/info/hashtag/${name}?network=instagram`)).data[0].count;
  const suggested = async (prefix: string) =>
    (await get(`/api/autocomplete/hashtag/${prefix}`)).hashtags.map(
      (tag: { hashtag: string }) => tag.hashtag,
    );
  const send = (
    submitter: Submitter,
    url: '/api/cache/autocomplete' | '/api/cache/recommend',
    payload: object,
  ) => crowd.send(submitter, url, payload);
  const reportCount = async (submitter: Submitter, name: string, count: number) => {
    const response = await send(submitter, '/api/cache/autocomplete', {
      query: name,
      hashtags: [{ hashtag: name, count }],
    });
    expect(response.statusCode).toBe(202);
  };
  /** An independent submitter (decision 025: a network, a mail domain and an old account of its own). */
  const newSubmitter = (address?: string) => crowd.create(address ? { address } : {});

  // A fresh store per test: emptying the tables would restart SQLite's post ids below what the
  // app's new-post tracker has read, so it would not see the next test's posts.
  beforeEach(async () => {
    testApp = await buildTestApp(dialect, {
      BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
      RELATED_POST_WINDOW: 20,
      RELATED_POSTS_PER_AUTHOR: 2,
      CACHE_RATE_LIMIT_PER_MINUTE: 10_000,
    });
    crowd = crowdSubmitters(testApp.app);
    submitters = [];
    for (let i = 0; i < 5; i++) submitters.push(await newSubmitter());
  });
  afterEach(async () => testApp.close());

  it('serves a count once three accounts agree: the median of theirs, never an outlier', async () => {
    await ingestAutocomplete(
      testApp.testDatabase.database,
      { query: 'sunset', hashtags: [{ hashtag: 'sunset', count: 1000 }] },
      { network: 'instagram', source: 'import', now: Date.now() },
    );
    const [a, b, c, d] = submitters as [Submitter, Submitter, Submitter, Submitter];
    await reportCount(a, 'sunset', 9_999_999_999);
    await reportCount(b, 'sunset', 2000);
    expect(await countOf('sunset')).toBe(1000);
    await reportCount(c, 'sunset', 2100);
    // Three reports, but the outlier is not within 10% of their median (2100): two agree.
    expect(await countOf('sunset')).toBe(1000);
    await reportCount(d, 'sunset', 1980);
    expect(await countOf('sunset')).toBe(2000);
    const row = await testApp.testDatabase.database.db
      .selectFrom('hashtags')
      .select('count_source')
      .where('name', '=', 'sunset')
      .executeTakeFirstOrThrow();
    expect(row.count_source).toBe('crowd');
  });

  it('counts accounts behind one address, and one account’s repeated reports, once', async () => {
    const [a] = submitters as [Submitter];
    for (let i = 0; i < 3; i++) await reportCount(a, 'onevoice', 500);
    const sameAddress = [await newSubmitter('10.9.9.9'), await newSubmitter('10.9.9.9')];
    for (const submitter of sameAddress) await reportCount(submitter, 'onevoice', 500);
    // Three accounts, but two of them share an address (and so a network): two independent submitters.
    expect(await countOf('onevoice')).toBe(-2);
  });

  it('keeps a never-seen tag out of suggestions, answered as being looked up, until agreed', async () => {
    await ingestAutocomplete(
      testApp.testDatabase.database,
      { query: 'cof', hashtags: [{ hashtag: 'coffee', count: 90_000 }] },
      { network: 'instagram', source: 'import', now: Date.now() },
    );
    const [a, b, c] = submitters as [Submitter, Submitter, Submitter];
    await reportCount(a, 'coffeecoin', 10_000_000);
    expect(await countOf('coffeecoin')).toBe(-2);
    expect(await suggested('cof')).toEqual(['coffee']);
    expect(await suggested('coffeecoin')).toEqual([]);
    await reportCount(b, 'coffeecoin', 10_000_000);
    await reportCount(c, 'coffeecoin', 10_000_000);
    expect(await suggested('cof')).toEqual(['coffeecoin', 'coffee']);
  });

  it('lets a trusted import carry a tag first seen in crowd posts into suggestions', async () => {
    const [a] = submitters as [Submitter];
    const posts = [0, 1].map((i) => ({
      post_id: `c${i}`,
      owner: 'o',
      timestamp: T0 + i,
      hashtags: ['morning', 'latte'],
    }));
    expect(
      (await send(a, '/api/cache/recommend', { hashtag: { hashtag: 'morning', count: 5 }, posts }))
        .statusCode,
    ).toBe(202);
    expect(await suggested('lat')).toEqual([]);
    await ingestRecommend(
      testApp.testDatabase.database,
      {
        hashtag: { hashtag: 'espresso', count: 7 },
        posts: [{ post_id: 'i1', owner: 'importer', timestamp: T0, hashtags: ['espresso', 'latte'] }],
      },
      { network: 'instagram', source: 'import', now: Date.now() },
    );
    expect(await suggested('lat')).toEqual(['latte']);
    expect(await countOf('latte')).toBe(-2);
  });

  it('weighs one account’s posts as at most RELATED_POSTS_PER_AUTHOR of a window; its tags need a second person', async () => {
    const { database } = testApp.testDatabase;
    // 20 imported posts: travel with beach (10) or mountains (10); scam is a known tag.
    await ingestAutocomplete(
      database,
      { query: 's', hashtags: [{ hashtag: 'scam', count: 10 }] },
      { network: 'instagram', source: 'import', now: Date.now() },
    );
    await ingestRecommend(
      database,
      {
        hashtag: { hashtag: 'travel', count: 1_000_000 },
        posts: Array.from({ length: 20 }, (_, i) => ({
          post_id: `real${i}`,
          owner: `o${i}`,
          timestamp: T0 + i,
          hashtags: ['travel', i % 2 ? 'beach' : 'mountains'],
        })),
      },
      { network: 'instagram', source: 'import', now: Date.now() },
    );
    // One account floods the window with 40 newer posts naming the known tag.
    const [a, b] = submitters as [Submitter, Submitter];
    const flood = (submitter: string, from: number) =>
      Array.from({ length: 40 }, (_, i) => ({
        post_id: `${submitter}${i}`,
        owner: 'mallory',
        timestamp: T0 + from + i,
        hashtags: ['travel', 'scam'],
      }));
    expect(
      (
        await send(a, '/api/cache/recommend', {
          hashtag: { hashtag: 'travel', count: 1 },
          posts: flood('a', 1000),
        })
      ).statusCode,
    ).toBe(202);
    const related = (await get('/api/info/hashtag/travel?recommended=1')).data[0];
    // A window of 20, 2 posts per author: 2 of the flood, then the 18 newest imported posts; scam is
    // in posts of one account only, so it is not related (decision 025).
    expect(related.related_post_count).toBe(20);
    expect(related.related_tags).toEqual([
      { hashtag: 'beach', subcount: 9, authors: 9, relevance: expect.any(Number) },
      { hashtag: 'mountains', subcount: 9, authors: 9, relevance: expect.any(Number) },
    ]);
    expect(related.count).toBe(1_000_000);
    // Suggestions for a list read the same capped windows.
    const paying = await createTestViewer(testApp.app, 'paying');
    const suggestions = await testApp.app.inject({
      method: 'GET',
      url: '/api/suggest/hashtags?tags=travel',
      headers: paying.headers,
    });
    const suggested = suggestions.json().suggestions.map((tag: { hashtag: string }) => tag.hashtag);
    expect(suggested).toEqual(['beach', 'mountains']);
    // A second account's flood gets its own 2 posts, no more: two people now carry scam.
    await send(b, '/api/cache/recommend', {
      hashtag: { hashtag: 'travel', count: 1 },
      posts: flood('b', 2000),
    });
    const after = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/info/hashtag/travel?recommended=1',
        headers: paying.headers,
      })
    ).json().data[0];
    expect(after.related_tags.find((tag: { hashtag: string }) => tag.hashtag === 'scam')).toMatchObject({
      subcount: 4,
      authors: 2,
    });
  });

  it('agrees once however many accounts report at the same moment', async () => {
    const crowd = [...submitters, await newSubmitter(), await newSubmitter()];
    const responses = await Promise.all(
      crowd.map((submitter, i) =>
        send(submitter, '/api/cache/autocomplete', {
          query: 'rush',
          hashtags: [
            { hashtag: 'rushhour', count: 4000 + i },
            { hashtag: 'rushed', count: 100 },
          ],
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(crowd.map(() => 202));
    expect(await countOf('rushhour')).toBe(4003);
    expect(await countOf('rushed')).toBe(100);
    const reports = await testApp.testDatabase.database.db
      .selectFrom('crowd_reports')
      .select(['submitter', 'client_network', 'device_id'])
      .where('subject', '=', 'hashtag')
      .where('item', '=', 'rushhour')
      .execute();
    expect(reports).toHaveLength(crowd.length);
    expect(new Set(reports.map((report) => report.submitter))).toEqual(
      new Set(crowd.map((submitter) => submitter.viewer.userId)),
    );
    // Each report keeps its sender's network, not its address.
    expect(
      reports.every(
        (report) => report.device_id !== null && /^10\.1\.\d+\.0\/24$/.test(report.client_network),
      ),
    ).toBe(true);
  });
});

describe('who may write to the crowd cache', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp('sqlite', { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt' });
  });
  afterAll(async () => testApp.close());

  it('refuses anonymous visitors (401) and anonymous trials (403) with what to do instead', async () => {
    const body = { query: 'a', hashtags: [{ hashtag: 'abc', count: 1 }] };
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/cache/autocomplete',
      headers: { origin: 'http://localhost:80' },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toEqual({
      code: 'unauthorized',
      message: 'Sign in to share search results with Tagscout.',
    });
    const trial = await createTestViewer(testApp.app, 'anonymousTrial');
    const fromTrial = await testApp.app.inject({
      method: 'POST',
      url: '/api/cache/recommend',
      headers: trial.headers,
      payload: { hashtag: { hashtag: 'abc', count: 1 }, posts: [] },
    });
    expect(fromTrial.statusCode).toBe(403);
    expect(fromTrial.json().error.message).toBe('Create an account to share search results with Tagscout.');
    const stored = await testApp.testDatabase.database.db.selectFrom('hashtags').select('name').execute();
    expect(stored).toEqual([]);
  });
});
