import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetworkClient } from '../source/network-client.js';
import { SERVER_RETRY_POLICY } from '../source/retry.js';
import type { SocialSource } from '../source/social-source.js';
import { FakeClock } from '../testing/fake-clock.js';
import {
  CLOSED_HASHTAG_FEEDS,
  type FakeMastodon,
  type FakeStatus,
  makeStatuses,
  OPEN_HASHTAG_FEEDS,
  startFakeMastodon,
} from '../testing/fake-mastodon.js';
import { CLOSED_TIMELINE_RETRY_MS, createMastodonSource } from './mastodon.source.js';

// 270 s into a 5-minute rate-limit period: a 429's X-RateLimit-Reset is 30 s away.
const START = Date.UTC(2026, 2, 1, 12, 0, 0) + 270_000;

describe('mastodon source against a fake instance', () => {
  let clock: FakeClock;
  let fake: FakeMastodon;
  let client: NetworkClient;
  let source: SocialSource;

  beforeEach(async () => {
    clock = new FakeClock({ start: START, autoAdvance: true });
    fake = await startFakeMastodon({ now: () => clock.now() });
    fake.addTag({
      name: 'sourdough',
      uses: [12, 9, 30, 0, 4, 1, 2],
      statuses: makeStatuses({
        tag: 'Sourdough',
        related: ['bread', 'baking', 'levain'],
        count: 60,
        newest: START,
      }),
    });
    fake.addTag({ name: 'sourdoughstarter', uses: [3, 1] });
    fake.addTag({ name: 'bread', uses: [100] });
    client = new NetworkClient({ source: 'mastodon', clock, retry: SERVER_RETRY_POLICY, timeoutMs: 2000 });
    source = createMastodonSource({ baseUrl: fake.url, client });
  });
  afterEach(async () => fake.close());

  /** The tag timelines asked for, as `name?query`. */
  const timelineAsks = () =>
    fake.requests
      .filter((request) => request.path.startsWith('/api/v1/timelines/tag/'))
      .map((request) => `${request.path.slice('/api/v1/timelines/tag/'.length)}?${request.query}`);

  /** `count` posts of one tag, every fifth by a remote account (id 9000 on remote.example). */
  const mixedStatuses = (tag: string, count: number): FakeStatus[] =>
    makeStatuses({ tag, related: ['bread'], count, newest: START }).map((status, index) =>
      index % 5 === 0
        ? { ...status, account: { id: '9000', username: 'far', domain: 'remote.example' } }
        : status,
    );

  it('searches hashtags with their 7-day use counts', async () => {
    const body = await source.search({ type: 'hashtag', query: '#Sourdough' });
    expect(body).toEqual({
      query: 'Sourdough',
      hashtags: [
        { hashtag: 'sourdough', count: 58 },
        { hashtag: 'sourdoughstarter', count: 4 },
      ],
    });
    expect(fake.requests[0]!.path).toBe('/api/v2/search');
    expect(fake.requests[0]!.query.get('type')).toBe('hashtags');
  });

  it("reads a tag's count and its timeline, following the Link header to the next page", async () => {
    const body = await source.fetchRecent({ type: 'hashtag', name: 'sourdough' });
    expect(body.hashtag).toEqual({ hashtag: 'sourdough', count: 58 });
    expect(body.posts).toHaveLength(60);
    const [newest] = body.posts;
    expect(newest).toEqual({
      post_id: 'mastodon:110000000000000060',
      owner: 'mastodon:1000',
      timestamp: Math.floor(START / 1000),
      hashtags: ['sourdough', 'bread', 'levain'],
      caption: 'Post 0 about Sourdough  #Sourdough #bread #levain',
    });
    const paths = fake.requests.map(({ path, query }) => (query.size > 0 ? `${path}?${query}` : path));
    expect(paths).toEqual([
      '/api/v1/tags/sourdough',
      '/api/v1/timelines/tag/sourdough?limit=40',
      '/api/v1/timelines/tag/sourdough?limit=40&max_id=110000000000000021',
    ]);
  });

  it('spaces its calls by the rate limit (1 per 5 s by default)', async () => {
    await source.fetchRecent({ type: 'hashtag', name: 'sourdough' });
    await source.search({ type: 'hashtag', query: 'bread' });
    expect(fake.requests.map((request) => request.at - START)).toEqual([0, 5000, 10_000, 15_000]);
  });

  it('answers a valid unknown tag with zero uses (count 0, no posts); only an invalid name is not-found', async () => {
    expect(await source.fetchRecent({ type: 'hashtag', name: 'nosuchtag' })).toEqual({
      hashtag: { hashtag: 'nosuchtag', count: 0 },
      posts: [],
    });
    await expect(source.fetchRecent({ type: 'hashtag', name: 'no-such-tag' })).rejects.toMatchObject({
      failure: 'not-found',
      status: 404,
    });
    expect(await source.lookupCounts(['bread', 'nosuchtag', '#Sourdough'])).toEqual([
      { hashtag: 'bread', count: 100 },
      { hashtag: 'nosuchtag', count: 0 },
      { hashtag: 'sourdough', count: 58 },
    ]);
  });

  it('keys a tag Mastodon names as first written ("CrumbShot") in lower case', async () => {
    fake.addTag({ name: 'CrumbShot', uses: [5] });
    expect((await source.search({ type: 'hashtag', query: 'crumb' })).hashtags).toEqual([
      { hashtag: 'crumbshot', count: 5 },
    ]);
    expect(await source.lookupCounts(['crumbshot'])).toEqual([{ hashtag: 'crumbshot', count: 5 }]);
  });

  it('keeps tags with Mastodon’s separators (· and ・) whole, in lookups and in posts', async () => {
    fake.addTag({
      name: 'Foo·Bar',
      uses: [3],
      statuses: [
        {
          id: '120000000000000001',
          createdAt: new Date(START).toISOString(),
          account: { id: '77', username: 'kana', domain: 'social.example.jp' },
          text: 'Trip #日本・旅行 and #cafe· done',
          tags: ['Foo·Bar'],
        },
      ],
    });
    const body = await source.fetchRecent({ type: 'hashtag', name: 'foo·bar' });
    expect(body.hashtag).toEqual({ hashtag: 'foo·bar', count: 3 });
    expect(body.posts).toEqual([
      {
        post_id: 'mastodon:120000000000000001',
        owner: 'mastodon:77',
        timestamp: Math.floor(START / 1000),
        hashtags: ['foo·bar', '日本・旅行', 'cafe'],
        caption: 'Trip #日本・旅行 and #cafe· done  #Foo·Bar',
      },
    ]);
    expect(fake.requests[0]!.path).toBe('/api/v1/tags/foo%C2%B7bar');
  });

  it('keeps the count when the instance keeps both parts of its tag timelines for signed-in users (422), and blocks nothing', async () => {
    fake.setHashtagFeeds(CLOSED_HASHTAG_FEEDS);
    const failures: { status?: number; failure: string }[] = [];
    client = new NetworkClient({
      source: 'mastodon',
      clock,
      retry: SERVER_RETRY_POLICY,
      timeoutMs: 2000,
      onFailure: (failure) => failures.push({ status: failure.status, failure: failure.failure }),
    });
    source = createMastodonSource({ baseUrl: fake.url, client });
    expect(await source.fetchRecent({ type: 'hashtag', name: 'sourdough' })).toEqual({
      hashtag: { hashtag: 'sourdough', count: 58 },
      posts: [],
    });
    // The whole timeline, then its local part: both closed.
    expect(failures).toEqual([
      { status: 422, failure: 'unknown' },
      { status: 422, failure: 'unknown' },
    ]);
    expect(client.blocks.list()).toEqual([]);
    // Counts go on; the timeline is not asked again for a while.
    expect(await source.lookupCounts(['bread'])).toEqual([{ hashtag: 'bread', count: 100 }]);
    expect((await source.fetchRecent({ type: 'hashtag', name: 'bread' })).hashtag.count).toBe(100);
    expect(timelineAsks()).toEqual(['sourdough?limit=40', 'sourdough?limit=40&local=true']);
    expect(fake.requests.filter((request) => request.path.startsWith('/api/v1/tags/'))).toHaveLength(3);
  });

  it('reads the local part of a tag timeline when remote posts need a login (Mastodon 4.5), and asks for it first from then on', async () => {
    fake.setHashtagFeeds({ local: 'public', remote: 'authenticated' });
    fake.addTag({ name: 'rye', uses: [9], statuses: mixedStatuses('rye', 50) });
    const body = await source.fetchRecent({ type: 'hashtag', name: 'rye' });
    expect(body.posts).toHaveLength(40);
    expect(body.posts.every((post) => post.owner !== 'mastodon:9000')).toBe(true);
    expect(timelineAsks()).toEqual([
      'rye?limit=40',
      'rye?limit=40&local=true',
      'rye?limit=40&local=true&max_id=110000000000000001',
    ]);
    expect(client.blocks.list()).toEqual([]);

    // The instance is remembered: the next tag's timeline is asked for its local part at once.
    fake.requests.length = 0;
    expect((await source.fetchRecent({ type: 'hashtag', name: 'sourdough' })).posts).toHaveLength(60);
    expect(timelineAsks()).toEqual([
      'sourdough?limit=40&local=true',
      'sourdough?limit=40&local=true&max_id=110000000000000021',
    ]);
  });

  it('reads the local part when remote posts are disabled for everyone without a permission', async () => {
    fake.setHashtagFeeds({ local: 'public', remote: 'disabled' });
    fake.addTag({ name: 'rye', uses: [9], statuses: mixedStatuses('rye', 10) });
    expect((await source.fetchRecent({ type: 'hashtag', name: 'rye' })).posts).toHaveLength(8);
    expect(timelineAsks()).toEqual([
      'rye?limit=40',
      'rye?limit=40&local=true',
      'rye?limit=40&local=true&max_id=110000000000000001',
    ]);
  });

  it('asks for the whole timeline again an hour after it learnt that only the local part is open', async () => {
    fake.setHashtagFeeds({ local: 'public', remote: 'authenticated' });
    await source.fetchRecent({ type: 'hashtag', name: 'bread' });
    fake.setHashtagFeeds(OPEN_HASHTAG_FEEDS);
    await clock.advance(CLOSED_TIMELINE_RETRY_MS);
    fake.requests.length = 0;
    await source.fetchRecent({ type: 'hashtag', name: 'bread' });
    expect(timelineAsks()).toEqual(['bread?limit=40']);
  });

  it('reads such timelines with MASTODON_ACCESS_TOKEN, sent as a bearer token', async () => {
    await fake.close();
    fake = await startFakeMastodon({
      now: () => clock.now(),
      hashtagFeeds: CLOSED_HASHTAG_FEEDS,
      accessToken: 'token-123',
      tags: [
        {
          name: 'rye',
          uses: [2],
          statuses: makeStatuses({ tag: 'rye', related: ['bread'], count: 3, newest: START }),
        },
      ],
    });
    source = createMastodonSource({ baseUrl: fake.url, client, accessToken: 'token-123' });
    const body = await source.fetchRecent({ type: 'hashtag', name: 'rye' });
    expect(body.posts).toHaveLength(3);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of fake.requests) expect(request.headers.authorization).toBe('Bearer token-123');
  });

  it('classes a login demand as a block, and then makes no more calls of that type', async () => {
    fake.fail('login-required', { pathPrefix: '/api/v1/tags/' });
    await expect(source.fetchRecent({ type: 'hashtag', name: 'sourdough' })).rejects.toMatchObject({
      failure: 'block',
      status: 401,
    });
    const made = fake.requests.length;
    await expect(source.lookupCounts(['bread'])).rejects.toMatchObject({
      failure: 'block',
      isFromBlockFlag: true,
    });
    expect(fake.requests).toHaveLength(made);
    // Searches are another type: they still go out.
    expect((await source.search({ type: 'hashtag', query: 'bread' })).hashtags).toHaveLength(1);
    expect(fake.requests).toHaveLength(made + 1);
    // Once the flag lapses (15 min), lookups are tried again.
    await clock.advance(15 * 60_000);
    expect(await source.lookupCounts(['bread'])).toEqual([{ hashtag: 'bread', count: 100 }]);
  });

  it('waits out a 429 until X-RateLimit-Reset, then retries', async () => {
    fake.fail('rate-limited', { pathPrefix: '/api/v2/search' });
    const body = await source.search({ type: 'hashtag', query: 'bread' });
    expect(body.hashtags).toEqual([{ hashtag: 'bread', count: 100 }]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBe(30_000);
  });

  it('gives up at once on a 429 whose reset is minutes away, and the limiter holds every call till then', async () => {
    clock = new FakeClock({ start: START - 200_000, autoAdvance: true });
    await fake.close();
    fake = await startFakeMastodon({ now: () => clock.now(), tags: [{ name: 'bread', uses: [100] }] });
    client = new NetworkClient({ source: 'mastodon', clock, retry: SERVER_RETRY_POLICY, timeoutMs: 2000 });
    source = createMastodonSource({ baseUrl: fake.url, client });
    fake.fail('rate-limited');
    await expect(source.search({ type: 'hashtag', query: 'bread' })).rejects.toMatchObject({
      failure: 'unknown',
      status: 429,
      retryAfterMs: 230_000,
    });
    expect(fake.requests).toHaveLength(1);
    await source.lookupCounts(['bread']);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBe(230_000);
  });

  it('retries a 503 with back-off (500 ms, then 1 s) and succeeds, still 5 s apart', async () => {
    fake.fail('server-error', { times: 2 });
    expect(await source.lookupCounts(['bread'])).toEqual([{ hashtag: 'bread', count: 100 }]);
    expect(fake.requests).toHaveLength(3);
    // Each back-off, then what is left of the limiter's 5 s.
    expect(clock.sleeps).toEqual([500, 4500, 1000, 4000]);
  });

  it('fails unknown after the server policy’s 2 retries', async () => {
    fake.fail('server-error', { times: 5 });
    await expect(source.lookupCounts(['bread'])).rejects.toMatchObject({ failure: 'unknown', status: 503 });
    expect(fake.requests).toHaveLength(3);
  });

  it('classes cut-off JSON as a parse error and does not retry it', async () => {
    fake.fail('malformed');
    await expect(source.fetchRecent({ type: 'hashtag', name: 'sourdough' })).rejects.toMatchObject({
      failure: 'parse-error',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('times out a request that gets no answer', async () => {
    client = new NetworkClient({
      source: 'mastodon',
      clock,
      retry: { ...SERVER_RETRY_POLICY, retries: 0 },
      timeoutMs: 150,
    });
    source = createMastodonSource({ baseUrl: fake.url, client });
    fake.fail('hang');
    await expect(source.search({ type: 'hashtag', query: 'bread' })).rejects.toMatchObject({
      failure: 'unknown',
      message: 'no answer within 150 ms',
    });
  });

  it('answers only hashtag calls', async () => {
    expect(source.supports).toEqual({ search: ['hashtag'], recent: ['hashtag'], counts: true });
    await expect(source.search({ type: 'place', query: 'lisbon' })).rejects.toThrow(
      'mastodon cannot search places',
    );
  });
});
