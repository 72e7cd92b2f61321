import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewer } from '../../test/test-users.js';
import { storeIngest } from '../store/store.repository.js';

const T0 = 1_700_000_000;
/** An hour after the posts below: "the last 24 hours" of trending hold them all, on one day. */
const NOW_MS = (T0 + 3600) * 1000;
const SPAMMER = 'did:plc:spam5spam5spam5spam5spam';

/** Issue 31's floods, each by one actor: none of them may own what other visitors see. */
describe.each(testDialects)('loud authors on %s', (dialect) => {
  let testApp: TestApp;
  let paying: TestViewer;
  const get = async (url: string) =>
    (await testApp.app.inject({ method: 'GET', url, headers: paying.headers })).json();
  const relatedOf = async (tag: string, network: string) =>
    (await get(`/api/info/hashtag/${tag}?recommended=1&network=${network}`)).data[0];

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
      CACHE_RATE_LIMIT_PER_MINUTE: 10_000,
      now: () => NOW_MS,
    });
    paying = await createTestViewer(testApp.app, 'paying');
    const { database } = testApp.testDatabase;
    // 40 people post travel with beach or mountains on Bluesky and on Instagram (imported)...
    for (const network of ['bluesky', 'instagram'] as const) {
      await storeIngest(database, {
        hashtags: ['travel', 'beach', 'mountains', 'cheapflights', 'cryptoairdrop'].map((name) => ({
          name,
          count: 1000,
        })),
        posts: Array.from({ length: 40 }, (_, i) => ({
          postId: `${network}-real${i}`,
          owner: `person${i}`,
          takenAt: T0 + i,
          placeId: null,
          hashtags: ['travel', i % 2 ? 'beach' : 'mountains'],
        })),
        network,
        source: 'test',
        now: 1,
      });
    }
    // ...then one Bluesky account posts 600 times with travel and two spam tags.
    await storeIngest(database, {
      posts: Array.from({ length: 600 }, (_, i) => ({
        postId: `at://${SPAMMER}/app.bsky.feed.post/spam${i}`,
        owner: SPAMMER,
        takenAt: T0 + 100 + i,
        placeId: null,
        hashtags: ['travel', 'cheapflights', 'cryptoairdrop'],
      })),
      network: 'bluesky',
      source: 'test',
      now: 1,
    });
    // ...and one signed-in account sends 2,000 crowd posts of travel and a spam tag to Instagram.
    const crowd = await createTestViewer(testApp.app, 'free');
    for (let batch = 0; batch < 40; batch++) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/cache/recommend',
        headers: crowd.headers,
        remoteAddress: '10.7.0.1',
        payload: {
          hashtag: { hashtag: 'travel', count: 1000 },
          posts: Array.from({ length: 50 }, (_, i) => ({
            post_id: `crowd${batch}-${i}`,
            owner: `madeup${batch}-${i}`,
            timestamp: T0 + 1000 + batch * 50 + i,
            hashtags: ['travel', 'cryptoairdrop'],
          })),
        },
      });
      expect(response.statusCode).toBe(202);
    }
  });
  afterAll(async () => testApp?.close());

  it("one author's 600 posts weigh like 3: travel's related list and suggestions stay the people's", async () => {
    const travel = await relatedOf('travel', 'bluesky');
    // A window of 500: the spammer's 3 newest posts, then all 40 people's.
    expect(travel.related_post_count).toBe(43);
    expect(travel.related_tags.map((tag: { hashtag: string }) => tag.hashtag)).toEqual([
      'beach',
      'mountains',
    ]);
    expect(travel.related_tags[0]).toMatchObject({ subcount: 20, authors: 20 });
    const suggestions = await get('/api/suggest/hashtags?tags=travel,beach&network=bluesky');
    expect(suggestions.suggestions.map((tag: { hashtag: string }) => tag.hashtag)).toEqual(['mountains']);
  });

  it("one account's 2,000 crowd posts keep 3 places in a window; the trusted posts stay", async () => {
    const travel = await relatedOf('travel', 'instagram');
    expect(travel.related_post_count).toBe(43);
    expect(travel.related_tags.map((tag: { hashtag: string }) => tag.hashtag)).toEqual([
      'beach',
      'mountains',
    ]);
  });

  it("and \"Trending now\" is the people's: one author's 600 posts and one account's 2,000 crowd posts trend nothing", async () => {
    const trendingOn = async (network: string): Promise<{ hashtag: string }[]> =>
      (await get(`/api/trends/now?network=${network}&limit=10`)).trending;
    const bluesky = await trendingOn('bluesky');
    const instagram = await trendingOn('instagram');
    // 40 people on each network made travel, and 20 each beach and mountains, new today.
    expect(bluesky.map((tag) => tag.hashtag).sort()).toEqual(['beach', 'mountains', 'travel']);
    expect(instagram.map((tag) => tag.hashtag).sort()).toEqual(['beach', 'mountains', 'travel']);
    // The counts shown stay every post: 40 people's and the spammer's 600, or the crowd account's 2,000.
    expect(bluesky.find((tag) => tag.hashtag === 'travel')).toMatchObject({
      last_24_hours: 640,
      authors: 41,
    });
    expect(instagram.find((tag) => tag.hashtag === 'travel')).toMatchObject({
      last_24_hours: 2040,
      authors: 41,
    });
  });
});
