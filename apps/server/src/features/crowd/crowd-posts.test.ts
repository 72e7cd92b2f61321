import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CrowdSubmitter, crowdSubmitters } from '../../test/crowd-submitters.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewer } from '../../test/test-users.js';
import { ingestAutocomplete, ingestRecommend } from '../store/store.service.js';

const T0 = 1_700_000_000;
const IMPORT = { network: 'instagram' as const, source: 'import' };

interface RelatedTag {
  hashtag: string;
  subcount: number;
}

describe.each(testDialects)('crowd posts never change what they did not create, on %s', (dialect) => {
  let testApp: TestApp;
  let crowd: ReturnType<typeof crowdSubmitters>;
  let admin: TestViewer;
  let a: CrowdSubmitter;
  let b: CrowdSubmitter;
  const db = () => testApp.testDatabase.database.db;
  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();
  const related = async (name: string) => (await get(`/api/info/hashtag/${name}?recommended=1`)).data[0];
  const relatedNames = async (name: string) =>
    ((await related(name)).related_tags as RelatedTag[]).map((tag) => tag.hashtag);
  const sendPosts = async (
    submitter: CrowdSubmitter,
    posts: { post_id: string; timestamp: number; hashtags: string[]; owner?: string }[],
  ) => {
    const response = await crowd.send(submitter, '/api/cache/recommend', {
      hashtag: { hashtag: 'travel', count: 1 },
      posts: posts.map((post) => ({ owner: 'someone', ...post })),
    });
    expect(response.statusCode).toBe(202);
  };
  const purge = (viewer: TestViewer, submitter: CrowdSubmitter) =>
    testApp.app.inject({
      method: 'DELETE',
      url: `/api/admin/crowd/submitters/${submitter.viewer.userId}/reports`,
      headers: viewer.headers,
    });
  /** A stored post: who it counts against and its tags, by name. */
  const post = async (postId: string) => {
    const row = await db()
      .selectFrom('posts')
      .select(['submitted_by', 'tag_ids'])
      .where('post_id', '=', postId)
      .executeTakeFirst();
    if (!row) return undefined;
    const ids = row.tag_ids.split(',').map(Number);
    const names = await db().selectFrom('hashtags').select(['id', 'name']).where('id', 'in', ids).execute();
    const nameOf = new Map(names.map((tag) => [tag.id, tag.name]));
    return { submittedBy: row.submitted_by, tags: ids.map((id) => nameOf.get(id)!).sort() };
  };
  /** Each tag's daily uses, summed over days. */
  const uses = async () => {
    const rows = await db()
      .selectFrom('hashtag_daily_uses as daily')
      .innerJoin('hashtags', 'hashtags.id', 'daily.hashtag_id')
      .select(['hashtags.name', 'daily.uses'])
      .execute();
    const total: Record<string, number> = {};
    for (const row of rows) total[row.name] = (total[row.name] ?? 0) + Number(row.uses);
    for (const [name, count] of Object.entries(total)) if (count === 0) delete total[name];
    return total;
  };
  /** How many links to posts a tag has. */
  const linksOf = async (name: string) =>
    (
      await db()
        .selectFrom('post_hashtags')
        .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
        .select('post_hashtags.post_id')
        .where('hashtags.name', '=', name)
        .execute()
    ).length;
  const flood = (prefix: string, count: number, hashtags: string[], from = 1000) =>
    Array.from({ length: count }, (_, i) => ({
      post_id: `${prefix}${i}`,
      owner: `${prefix}-owner`,
      timestamp: T0 + from + i,
      hashtags,
    }));

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
      RELATED_POST_WINDOW: 20,
      RELATED_POSTS_PER_AUTHOR: 2,
      CACHE_RATE_LIMIT_PER_MINUTE: 10_000,
    });
    crowd = crowdSubmitters(testApp.app, '10.3');
    admin = await createTestViewer(testApp.app, 'admin');
  });
  afterAll(async () => testApp.close());
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
      'hashtags',
    ] as const)
      await db().deleteFrom(table).execute();
    const { database } = testApp.testDatabase;
    // Known tags, so one account's word is enough for them to show in related lists.
    await ingestAutocomplete(
      database,
      {
        query: 's',
        hashtags: ['scam', 'sunset', 'beach', 'mountains'].map((hashtag) => ({ hashtag, count: 10 })),
      },
      { ...IMPORT, now: Date.now() },
    );
    // 20 imported posts: travel with beach (10) or mountains (10).
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
      { ...IMPORT, now: Date.now() },
    );
    [a, b] = [await crowd.create(), await crowd.create()];
  });

  it('leaves a trusted post as it is when a device reports its id with other tags', async () => {
    const before = await uses();
    // a sends the imported posts' ids, each with a tag of its choosing.
    await sendPosts(
      a,
      Array.from({ length: 20 }, (_, i) => ({
        post_id: `real${i}`,
        timestamp: T0 + i,
        hashtags: ['travel', 'scam'],
      })),
    );
    expect(await post('real0')).toEqual({ submittedBy: null, tags: ['mountains', 'travel'] });
    expect(await relatedNames('travel')).toEqual(['beach', 'mountains']);
    expect(await linksOf('scam')).toBe(0);
    expect((await related('scam')).related_post_count).toBe(0);
    expect(await uses()).toEqual(before);
  });

  it('keeps a crowd post as its first reporter sent it; a second account adds nothing to it', async () => {
    await sendPosts(a, [{ post_id: 'c1', timestamp: T0 + 100, hashtags: ['travel', 'sunset'] }]);
    await sendPosts(b, [{ post_id: 'c1', timestamp: T0 + 100, hashtags: ['travel', 'sunset', 'scam'] }]);
    expect(await post('c1')).toEqual({ submittedBy: a.viewer.userId, tags: ['sunset', 'travel'] });
    expect(await linksOf('scam')).toBe(0);
    // Its own post again, with one more tag: that is still its word, counted in its share.
    await sendPosts(a, [{ post_id: 'c1', timestamp: T0 + 100, hashtags: ['travel', 'sunset', 'beach'] }]);
    expect(await post('c1')).toEqual({ submittedBy: a.viewer.userId, tags: ['beach', 'sunset', 'travel'] });
    expect(await uses()).toMatchObject({ travel: 21, sunset: 1, beach: 11 });
  });

  it('purges the posts only that account reported, and what they counted; shared posts stay', async () => {
    const before = await uses();
    await sendPosts(a, flood('bad', 30, ['travel', 'scam']));
    // shared1: a first, then b with other tags; shared2: b first, then a.
    await sendPosts(a, [{ post_id: 'shared1', timestamp: T0 + 50, hashtags: ['travel', 'scam'] }]);
    await sendPosts(b, [
      { post_id: 'shared1', timestamp: T0 + 50, hashtags: ['travel', 'sunset'] },
      { post_id: 'shared2', timestamp: T0 + 51, hashtags: ['travel', 'beach'] },
      { post_id: 'own', timestamp: T0 + 52, hashtags: ['travel', 'sunset'] },
    ]);
    await sendPosts(a, [{ post_id: 'shared2', timestamp: T0 + 51, hashtags: ['travel', 'scam'] }]);
    expect(await linksOf('scam')).toBe(31);
    expect(await uses()).toMatchObject({ scam: 31 });

    const response = await purge(admin, a);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ posts: 30, postsHandedOn: 1 });
    expect(await post('bad0')).toBeUndefined();
    expect(await post('shared1')).toEqual({ submittedBy: b.viewer.userId, tags: ['sunset', 'travel'] });
    expect(await post('shared2')).toEqual({ submittedBy: b.viewer.userId, tags: ['beach', 'travel'] });
    expect(await post('own')).toEqual({ submittedBy: b.viewer.userId, tags: ['sunset', 'travel'] });
    expect(await linksOf('scam')).toBe(0);
    expect(await relatedNames('travel')).not.toContain('scam');
    // sunset's window is b's two posts: one person, so travel is not related to it (decision 025).
    expect((await related('sunset')).related_post_count).toBe(2);
    expect(await uses()).toEqual({ ...before, travel: 23, sunset: 2, beach: 11 });
    const left = await db()
      .selectFrom('crowd_post_reports')
      .select('post_id')
      .where('submitter', '=', a.viewer.userId!)
      .execute();
    expect(left).toEqual([]);
    // Nothing left to remove the second time.
    expect((await purge(admin, a)).json()).toMatchObject({ posts: 0, postsHandedOn: 0 });
    expect(await uses()).toEqual({ ...before, travel: 23, sunset: 2, beach: 11 });
  });

  it('keeps a crowd post a trusted source carried too', async () => {
    await sendPosts(a, [{ post_id: 'c9', timestamp: T0 + 90, hashtags: ['travel', 'sunset'] }]);
    await ingestRecommend(
      testApp.testDatabase.database,
      { posts: [{ post_id: 'c9', owner: 'someone', timestamp: T0 + 90, hashtags: ['travel', 'sunset'] }] },
      { ...IMPORT, now: Date.now() },
    );
    expect(await post('c9')).toEqual({ submittedBy: null, tags: ['sunset', 'travel'] });
    expect((await purge(admin, a)).json()).toMatchObject({ posts: 0 });
    expect(await post('c9')).toEqual({ submittedBy: null, tags: ['sunset', 'travel'] });
    expect(await uses()).toMatchObject({ sunset: 1 });
  });

  it('removes each post once, and keeps what another account reports meanwhile', async () => {
    const before = await uses();
    await sendPosts(a, flood('bad', 30, ['travel', 'scam']));
    const second = await createTestViewer(testApp.app, 'admin');
    // b reports five of a's posts, as they really are, while two administrators purge a.
    const honest = flood('bad', 5, ['travel', 'sunset']);
    const [first, again, reported] = await Promise.all([
      purge(admin, a),
      purge(second, a),
      crowd.send(b, '/api/cache/recommend', { hashtag: { hashtag: 'travel', count: 1 }, posts: honest }),
    ]);
    expect([first!.statusCode, again!.statusCode, reported!.statusCode]).toEqual([200, 200, 202]);
    const [one, two] = [first!.json(), again!.json()];
    // b's five were handed on (b reported before the purge reached them) or removed and stored anew.
    expect(one.posts + two.posts + one.postsHandedOn + two.postsHandedOn).toBe(30);
    for (const { post_id } of honest)
      expect(await post(post_id)).toEqual({ submittedBy: b.viewer.userId, tags: ['sunset', 'travel'] });
    expect(await post('bad5')).toBeUndefined();
    expect(await linksOf('scam')).toBe(0);
    expect(await uses()).toEqual({ ...before, travel: 25, sunset: 5 });
  });
});
