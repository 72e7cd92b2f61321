import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMovableClock, realClock } from '../../clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewer } from '../../test/test-users.js';
import {
  type FakeAppView,
  type FakeInstance,
  type FakeOwnPost,
  startFakeAppView,
  startFakeMastodon,
} from './network-fakes-test-helpers.js';
import { refreshDueHandles } from './own-engagement.service.js';

const DAY_MS = 86_400_000;

/** Six posts with #art that do well, six without that do less, one with #rare; a week apart each. */
function ownPosts(): FakeOwnPost[] {
  const posts: FakeOwnPost[] = [];
  for (let index = 0; index < 13; index++) {
    const withArt = index % 2 === 0 && index < 12;
    posts.push({
      id: String(3_000_000_000 + index),
      createdAt: new Date(Date.UTC(2024, 0, 1) + index * 7 * DAY_MS).toISOString(),
      text: `Post ${index}`,
      tags: index === 12 ? ['rare', 'sky'] : withArt ? ['Art', 'sky'] : ['sky'],
      likes: withArt ? 20 + index : 2 + index,
      reposts: withArt ? 3 : 0,
      replies: 1,
      quotes: withArt ? 1 : 0,
    });
  }
  return posts;
}

describe.each(testDialects)('connected handles and the tags that work on %s', (dialect) => {
  let testApp: TestApp;
  let appView: FakeAppView;
  let instance: FakeInstance;
  const clock = createMovableClock(realClock);

  beforeAll(async () => {
    appView = await startFakeAppView({
      handle: 'ana.bsky.social',
      did: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz',
      posts: ownPosts(),
      reposts: [
        { id: '3kzzz', createdAt: '2024-02-02T00:00:00.000Z', text: 'Not mine', tags: ['art'], likes: 9000 },
      ],
      pageSize: 5,
    });
    instance = await startFakeMastodon({
      username: 'ana',
      posts: ownPosts().map((post, index) => ({
        ...post,
        id: String(110_000_000_000_000_000n + BigInt(index)),
      })),
      boosts: [
        {
          id: '110000000000000050',
          createdAt: '2024-02-02T00:00:00.000Z',
          text: 'Boosted',
          tags: ['art'],
          likes: 9000,
        },
      ],
      pageSize: 4,
    });
    testApp = await buildTestApp(dialect, {
      BLUESKY_APPVIEW_URL: appView.url,
      MASTODON_ALLOW_LOCAL_INSTANCES: true,
      now: clock.now,
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await appView?.close();
    await instance?.close();
  });

  const call = (
    viewer: TestViewer,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    testApp.app.inject({ method, url, headers: viewer.headers, ...(payload !== undefined && { payload }) });
  const connect = (viewer: TestViewer, network: string, handle: string) =>
    call(viewer, 'POST', '/api/me/handles', { network, handle });

  it("reads a Bluesky handle's posts and counts from the AppView, page by page, without its reposts", async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const before = appView.requests.length;
    const answer = await connect(ana, 'bluesky', '@Ana.bsky.social');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().handles).toEqual([
      expect.objectContaining({
        network: 'bluesky',
        handle: 'ana.bsky.social',
        posts: 13,
        refresh_error: null,
      }),
    ]);
    const asked = appView.requests.slice(before).map((request) => request.query);
    expect(asked.map((query) => query.get('cursor'))).toEqual([null, '5', '10']);
    expect(
      asked.every((query) => query.get('actor') === 'ana.bsky.social' && query.get('limit') === '100'),
    ).toBe(true);

    const engagement = (await call(ana, 'GET', '/api/me/engagement?network=bluesky&hashtag=art')).json();
    expect(engagement.min_posts).toBe(5);
    const art = engagement.tags.find((tag: { hashtag: string }) => tag.hashtag === 'art');
    // With #art: 20+0, 20+2, ... 20+10 likes plus 3 reposts, 1 reply, 1 quote: median 30. Without: the
    // six others and #rare's, 2+1+i likes and a reply (4, 6, ... 14, 15): median 10.
    expect(art).toEqual({
      hashtag: 'art',
      network: 'bluesky',
      posts: 6,
      median_with: 30,
      median_without: 10,
      lift: 3,
      too_few: false,
    });
    expect(engagement.tags.find((tag: { hashtag: string }) => tag.hashtag === 'rare')).toMatchObject({
      posts: 1,
      too_few: true,
      median_with: null,
    });
    expect(engagement.timeline).toHaveLength(13);
    expect(engagement.hashtag_timeline).toHaveLength(6);
    // The public store knows none of it.
    expect(await testApp.testDatabase.database.db.selectFrom('posts').select('id').execute()).toEqual([]);
  });

  it('reads a Mastodon address by lookup then statuses, following the Link header, without boosts', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const before = instance.requests.length;
    const answer = await connect(ana, 'mastodon', `@ana@${instance.host}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().handles[0]).toMatchObject({
      network: 'mastodon',
      handle: `@ana@${instance.host}`,
      posts: 13,
    });
    const asked = instance.requests.slice(before);
    expect(asked[0]!.path).toBe('/api/v1/accounts/lookup');
    expect(asked.slice(1).every((request) => request.query.get('exclude_reblogs') === 'true')).toBe(true);
    expect(asked.slice(1).map((request) => request.query.get('max_id') !== null)).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
    const engagement = (await call(ana, 'GET', '/api/me/engagement?network=mastodon')).json();
    expect(engagement.tags.find((tag: { hashtag: string }) => tag.hashtag === 'art')).toMatchObject({
      posts: 6,
      median_with: 30,
      median_without: 10,
    });
  });

  it("stops before the instance's rate-limit window is spent, and says so; refreshes daily by the clock", async () => {
    const bea = await createTestViewer(testApp.app, 'free');
    instance.setRemaining(3);
    const answer = await connect(bea, 'mastodon', `@ana@${instance.host}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const handle = answer.json().handles[0];
    expect(handle.posts).toBeLessThan(13);
    expect(handle.refresh_error).toMatch(/slow down/);

    instance.setRemaining(299);
    // Asked again within a minute: what was read stands (no request to the instance).
    const requests = instance.requests.length;
    await call(bea, 'POST', '/api/me/handles/mastodon/refresh');
    expect(instance.requests.length).toBe(requests);

    clock.advance(DAY_MS);
    const context = {
      database: testApp.testDatabase.database,
      now: clock.now,
      appviewUrl: appView.url,
      allowLocalInstances: true,
    };
    expect(await refreshDueHandles(context)).toBeGreaterThan(0);
    const after = (await call(bea, 'GET', '/api/me/handles')).json().handles[0];
    expect(after).toMatchObject({ posts: 13, refresh_error: null });
    expect(Date.parse(after.refreshed_at)).toBeGreaterThan(Date.parse(handle.refreshed_at));
  });

  it('refuses unknown and malformed handles and non-public instances, keeping nothing', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const unknown = await connect(ana, 'bluesky', 'nobody.bsky.social');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/Bluesky does not know nobody\.bsky\.social/);
    const notOnInstance = await connect(ana, 'mastodon', `@bruno@${instance.host}`);
    expect(notOnInstance.statusCode).toBe(400);
    for (const [network, handle] of [
      ['bluesky', 'not a handle'],
      ['mastodon', 'ana'],
      ['mastodon', '@ana@host@other'],
      ['instagram', 'ana'],
    ]) {
      expect((await connect(ana, network!, handle!)).statusCode, `${network} ${handle}`).toBe(400);
    }
    expect((await call(ana, 'GET', '/api/me/handles')).json()).toEqual({
      handles: [],
      suggest_from_own_tags: false,
    });
  });

  it('keeps handles and engagement to their owner: another user and a visitor see nothing', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const bruno = await createTestViewer(testApp.app, 'paying');
    expect((await connect(ana, 'bluesky', 'ana.bsky.social')).statusCode).toBe(200);
    expect((await call(bruno, 'GET', '/api/me/handles')).json().handles).toEqual([]);
    expect((await call(bruno, 'GET', '/api/me/engagement')).json().tags).toEqual([]);
    expect((await call(bruno, 'DELETE', '/api/me/handles/bluesky')).statusCode).toBe(404);
    expect((await call(bruno, 'POST', '/api/me/handles/bluesky/refresh')).statusCode).toBe(404);

    const visitor = await createTestViewer(testApp.app, 'none');
    for (const [method, url] of [
      ['GET', '/api/me/handles'],
      ['GET', '/api/me/engagement'],
      ['POST', '/api/me/handles/bluesky/refresh'],
      ['DELETE', '/api/me/handles/bluesky'],
    ] as const) {
      expect((await call(visitor, method, url)).statusCode, url).toBe(401);
    }
    expect((await connect(visitor, 'bluesky', 'ana.bsky.social')).statusCode).toBe(401);

    // The toggle is off until turned on, and each user's own.
    const on = await call(ana, 'PUT', '/api/me/settings', { suggest_from_own_tags: true });
    expect(on.json().suggest_from_own_tags).toBe(true);
    expect((await call(bruno, 'GET', '/api/me/handles')).json().suggest_from_own_tags).toBe(false);

    // In "download my data", with the posts read.
    const data = (await call(ana, 'GET', '/api/account/data')).json().data;
    expect(data.ownHandles).toEqual({
      handles: [{ network: 'bluesky', handle: 'ana.bsky.social', connected_at: expect.any(String) }],
      suggest_from_own_tags: true,
    });
    expect(data.ownPosts.posts).toHaveLength(13);

    const disconnected = await call(ana, 'DELETE', '/api/me/handles/bluesky');
    expect(disconnected.json().handles).toEqual([]);
  });

  it('is refused rather than rate limited by a network that asks to wait, and never follows a non-public host', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const strict = await buildTestApp(dialect, { BLUESKY_APPVIEW_URL: appView.url });
    try {
      const viewer = await createTestViewer(strict.app, 'free');
      const refused = await strict.app.inject({
        method: 'POST',
        url: '/api/me/handles',
        headers: viewer.headers,
        payload: { network: 'mastodon', handle: `@ana@${instance.host}` },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(/not a public Mastodon instance/);
    } finally {
      await strict.close();
    }
    appView.limitRate();
    const limited = await connect(ana, 'bluesky', 'ana.bsky.social');
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json().handles[0]).toMatchObject({
      posts: 0,
      refresh_error: expect.stringMatching(/slow down/),
    });
  });
});
