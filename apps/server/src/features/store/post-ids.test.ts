import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CrowdSubmitter, crowdSubmitters } from '../../test/crowd-submitters.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { ingestStream, pruneSeenPosts, type StreamBatch } from '../stream/stream.service.js';
import { ingestRecommend } from './store.service.js';

const DAY = 86_400;
const T0 = 1_700_000_000;
const TODAY = Math.floor(T0 / DAY);
const DID = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
/** A Bluesky post's id (its at-uri): a crowd post may name it too, as any text of id characters. */
const URI = `at://${DID}/app.bsky.feed.post/3lbq2kqa3xk2c`;
const INSTAGRAM_ID = '3300000000000000001';
const IMPORT = { network: 'instagram' as const, source: 'import' };

const blueskyBatch = (hashtags: string[], now: number): StreamBatch => ({
  network: 'bluesky',
  source: 'bluesky',
  posts: [{ postId: URI, owner: DID, takenAt: T0, hashtags, langs: [], seenAt: T0 }],
  deletedPosts: [],
  deletedOwners: [],
  countDays: 7,
  today: TODAY,
  now,
});

/** Post ids are unique per network (issue 31): one network's id never keeps another's post out. */
describe.each(testDialects)('post ids per network on %s', (dialect) => {
  let testApp: TestApp;
  let crowd: ReturnType<typeof crowdSubmitters>;
  let a: CrowdSubmitter;
  let b: CrowdSubmitter;
  const db = () => testApp.testDatabase.database.db;
  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();
  const sendCrowdPost = async (submitter: CrowdSubmitter, hashtags: string[], postId = URI) => {
    const response = await crowd.send(submitter, '/api/cache/recommend', {
      hashtag: { hashtag: hashtags[0], count: 1 },
      posts: [{ post_id: postId, owner: 'someone', timestamp: T0, hashtags }],
    });
    expect(response.statusCode).toBe(202);
  };
  /** Every stored post with that id: its network, who sent it and its tags (linked), by name. */
  const postsWithId = async (postId: string) => {
    const rows = await db()
      .selectFrom('posts')
      .select(['id', 'network', 'submitted_by'])
      .where('post_id', '=', postId)
      .orderBy('network')
      .execute();
    const posts = [];
    for (const row of rows) {
      const tags = await db()
        .selectFrom('post_hashtags')
        .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
        .select(['hashtags.name', 'hashtags.network'])
        .where('post_hashtags.post_id', '=', row.id)
        .orderBy('hashtags.name')
        .execute();
      posts.push({
        network: row.network,
        submittedBy: row.submitted_by,
        tags: tags.map((tag) => (tag.network === row.network ? tag.name : `${tag.network}:${tag.name}`)),
      });
    }
    return posts;
  };

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
      CACHE_RATE_LIMIT_PER_MINUTE: 10_000,
    });
    crowd = crowdSubmitters(testApp.app, '10.31');
    [a, b] = [await crowd.create(), await crowd.create()];
  });
  afterAll(async () => testApp?.close());
  beforeEach(async () => {
    for (const table of [
      'post_hashtags',
      'post_places',
      'post_owners',
      'hashtag_daily_uses',
      'crowd_post_reports',
      'posts',
      'crowd_reports',
      'crowd_items',
      'stream_posts_seen',
      'hashtags',
    ] as const)
      await db().deleteFrom(table).execute();
  });

  const streamPaths = dialect === 'sqlite' ? ['fast path', 'portable path'] : ['portable path'];
  it.each(streamPaths)(
    'stores and counts a Bluesky post whose id a crowd post claimed first (stream %s)',
    async (path) => {
      await sendCrowdPost(a, ['travel', 'scam']);

      const result = await ingestStream(
        testApp.testDatabase.database,
        blueskyBatch(['travel', 'beach'], 1000),
        {
          fastPath: path === 'fast path',
        },
      );

      expect(result).toEqual({ counted: 1, stored: 1, repeats: 0, removed: 0 });
      expect(await postsWithId(URI)).toEqual([
        { network: 'bluesky', submittedBy: null, tags: ['beach', 'travel'] },
        { network: 'instagram', submittedBy: a.viewer.userId, tags: ['scam', 'travel'] },
      ]);
      const travel = (await get('/api/info/hashtag/travel?recommended=1&network=bluesky')).data[0];
      expect(travel).toMatchObject({ hashtag: 'travel', count: 1, related_post_count: 1 });
    },
  );

  it('keeps a crowd post whose id a Bluesky post has as its own post, and leaves the Bluesky post as it was', async () => {
    await ingestStream(testApp.testDatabase.database, blueskyBatch(['travel', 'beach'], 1000));

    await sendCrowdPost(a, ['travel', 'scam']);

    expect(await postsWithId(URI)).toEqual([
      { network: 'bluesky', submittedBy: null, tags: ['beach', 'travel'] },
      { network: 'instagram', submittedBy: a.viewer.userId, tags: ['scam', 'travel'] },
    ]);
    const reports = await db().selectFrom('crowd_post_reports').select('submitter').execute();
    expect(reports).toEqual([{ submitter: a.viewer.userId }]);
  });

  it("adds an import's tags to its own network's post, never to another network's post with that id", async () => {
    await ingestStream(testApp.testDatabase.database, blueskyBatch(['travel', 'beach'], 1000));

    await ingestRecommend(
      testApp.testDatabase.database,
      { posts: [{ post_id: URI, owner: 'someone', timestamp: T0, hashtags: ['travel', 'sunset'] }] },
      { ...IMPORT, now: 2000 },
    );

    expect(await postsWithId(URI)).toEqual([
      { network: 'bluesky', submittedBy: null, tags: ['beach', 'travel'] },
      { network: 'instagram', submittedBy: null, tags: ['sunset', 'travel'] },
    ]);
  });

  it('counts a post on a stream of another network whose id the Bluesky stream has seen', async () => {
    const { database } = testApp.testDatabase;
    await ingestStream(database, blueskyBatch(['travel', 'beach'], 1000));

    const elsewhere = await ingestStream(database, {
      ...blueskyBatch(['travel', 'sunset'], 2000),
      network: 'mastodon',
      source: 'mastodon',
    });

    expect(elsewhere).toEqual({ counted: 1, stored: 1, repeats: 0, removed: 0 });
    expect(await postsWithId(URI)).toEqual([
      { network: 'bluesky', submittedBy: null, tags: ['beach', 'travel'] },
      { network: 'mastodon', submittedBy: null, tags: ['sunset', 'travel'] },
    ]);
    // Forgetting Mastodon's seen ids leaves Bluesky's.
    await pruneSeenPosts(database, { network: 'mastodon', before: T0 + 1, limit: 100 });
    const replay = await ingestStream(database, blueskyBatch(['travel', 'beach'], 3000));
    expect(replay).toMatchObject({ counted: 0, repeats: 1 });
  });

  it('keeps one post for an id that arrives twice on one network', async () => {
    const { database } = testApp.testDatabase;
    await ingestStream(database, blueskyBatch(['travel', 'beach'], 1000));
    // The stream forgets the ids it saw an hour ago: only the posts' own key is left to find it.
    await pruneSeenPosts(database, { network: 'bluesky', before: T0 + 1, limit: 100 });
    const again = await ingestStream(database, blueskyBatch(['travel', 'beach', 'sea'], 2000));
    expect(again).toMatchObject({ counted: 1, stored: 0 });
    expect(await postsWithId(URI)).toEqual([
      { network: 'bluesky', submittedBy: null, tags: ['beach', 'travel'] },
    ]);

    await sendCrowdPost(a, ['travel', 'scam'], INSTAGRAM_ID);
    await sendCrowdPost(b, ['travel', 'sunset'], INSTAGRAM_ID);
    await ingestRecommend(
      database,
      { posts: [{ post_id: INSTAGRAM_ID, owner: 'someone', timestamp: T0, hashtags: ['travel', 'scam'] }] },
      { ...IMPORT, now: 3000 },
    );
    // A trusted source carried the crowd post: it is no longer the crowd's.
    expect(await postsWithId(INSTAGRAM_ID)).toEqual([
      { network: 'instagram', submittedBy: null, tags: ['scam', 'travel'] },
    ]);
  });
});
