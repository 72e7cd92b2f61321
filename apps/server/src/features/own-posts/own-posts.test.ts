import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, TEST_PASSWORD, type TestViewer } from '../../test/test-users.js';
import {
  blueskyRepoCar,
  instagramExportZip,
  instagramPostsJson,
  instagramStoriesJson,
  mastodonArchiveZip,
  mastodonOutboxJson,
  TEST_DID,
} from './own-posts-test-data.js';

const DAY = 86_400;
const T0 = 1_704_164_645; // 2024-01-02T03:04:05Z

const INSTAGRAM_POSTS = [
  { caption: 'Morning at the caf\u00e9 #caf\u00e9 #coffee #lisboa', takenAt: T0 },
  { caption: 'Carousel of the beach #beach #coffee', takenAt: T0 + DAY, photos: 3 },
  { caption: 'One tag only #coffee', takenAt: T0 + 2 * DAY },
  { caption: 'No tags at all', takenAt: T0 + 3 * DAY },
];

describe.each(testDialects)('your own posts on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
  });
  afterAll(async () => testApp.close());

  const upload = (viewer: TestViewer, body: Buffer, contentType: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/me/archive',
      headers: { ...viewer.headers, 'content-type': contentType },
      payload: body,
    });
  const hashtags = async (viewer: TestViewer, network?: string) => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `/api/me/hashtags${network ? `?network=${network}` : ''}`,
      headers: viewer.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as {
      hashtags: { hashtag: string; network: string; posts: number; last_used: string; first_used: string }[];
      networks: { network: string; posts: number; last_post: string }[];
    };
  };
  const tagLine = (tag: { hashtag: string; network: string; posts: number }) =>
    `${tag.network}:${tag.hashtag}=${tag.posts}`;

  it('reads an Instagram posts_1.json, repairs its text, and counts one-tag posts; the same file again changes nothing', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const file = instagramPostsJson(INSTAGRAM_POSTS);
    expect(file.toString()).toContain('caf\\u00c3\\u00a9');

    const first = await upload(ana, file, 'application/json');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ network: 'instagram', posts: 4, hashtags: 4, new_posts: 4 });

    const mine = await hashtags(ana);
    expect(mine.hashtags.map(tagLine)).toEqual([
      'instagram:coffee=3',
      'instagram:beach=1',
      'instagram:café=1',
      'instagram:lisboa=1',
    ]);
    expect(mine.hashtags[0]).toMatchObject({
      last_used: new Date((T0 + 2 * DAY) * 1000).toISOString(),
      first_used: new Date(T0 * 1000).toISOString(),
    });
    expect(mine.networks).toEqual([
      { network: 'instagram', posts: 4, last_post: new Date((T0 + 3 * DAY) * 1000).toISOString() },
    ]);

    const again = await upload(ana, file, 'application/json');
    expect(again.json()).toEqual({ network: 'instagram', posts: 4, hashtags: 4, new_posts: 0 });
    expect(await hashtags(ana)).toEqual(mine);
  });

  it('reads the whole Instagram export as a zip, and a stories file', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const zipped = await upload(ana, instagramExportZip(INSTAGRAM_POSTS.slice(0, 2)), 'application/zip');
    expect(zipped.statusCode, zipped.body).toBe(200);
    expect(zipped.json()).toEqual({ network: 'instagram', posts: 2, hashtags: 4, new_posts: 2 });

    const stories = instagramStoriesJson([{ caption: 'Story #sunset #lisboa', takenAt: T0 + 9 * DAY }]);
    expect((await upload(ana, stories, 'application/json')).json()).toEqual({
      network: 'instagram',
      posts: 1,
      hashtags: 2,
      new_posts: 1,
    });
    expect((await hashtags(ana)).hashtags.map(tagLine)).toEqual([
      'instagram:lisboa=2',
      'instagram:coffee=2',
      'instagram:sunset=1',
      'instagram:beach=1',
      'instagram:café=1',
    ]);
  });

  it("reads Mastodon's outbox.json: its statuses' Hashtag tags, not its boosts", async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const outbox = mastodonOutboxJson(
      [
        { id: '111', text: 'Bom dia', tags: ['Caf\u00e9', 'Lisboa'], published: '2024-01-02T03:04:05Z' },
        { id: '112', text: 'Only one', tags: ['Lisboa'], published: '2024-01-05T10:00:00Z' },
        { id: '113', text: 'Plain words', tags: [], published: '2024-01-06T10:00:00Z' },
      ],
      [{ id: '114', of: 'https://other.example/users/zed/statuses/9', published: '2024-01-07T10:00:00Z' }],
    );
    const answer = await upload(ana, outbox, 'application/json');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ network: 'mastodon', posts: 3, hashtags: 2, new_posts: 3 });
    const mine = await hashtags(ana, 'mastodon');
    // Mastodon's own folding: 'Café' is the tag 'cafe'.
    expect(mine.hashtags.map(tagLine)).toEqual(['mastodon:lisboa=2', 'mastodon:cafe=1']);
    expect(mine.hashtags[0]!.last_used).toBe('2024-01-05T10:00:00.000Z');

    // The archive's zip, as Mastodon sends it now, holds the same outbox: nothing new.
    const zipped = await upload(
      ana,
      mastodonArchiveZip([
        { id: '111', text: 'Bom dia', tags: ['Caf\u00e9', 'Lisboa'], published: '2024-01-02T03:04:05Z' },
      ]),
      'application/zip',
    );
    expect(zipped.json()).toEqual({ network: 'mastodon', posts: 1, hashtags: 2, new_posts: 0 });
  });

  it('reads a Bluesky repo CAR: its posts with their facet and outline tags, not likes or reposts', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const car = await blueskyRepoCar([
      {
        rkey: '3l7a2222222aa',
        text: 'Sunset',
        createdAt: '2024-02-01T18:00:00.000Z',
        facetTags: ['sunset', 'Caf\u00e9'],
      },
      {
        rkey: '3l7a2222222ab',
        text: 'More',
        createdAt: '2024-02-03T18:00:00.000Z',
        facetTags: ['sunset'],
        outlineTags: ['k-pop'],
      },
      { rkey: '3l7a2222222ac', text: 'No tags', createdAt: '2024-02-04T18:00:00.000Z' },
    ]);
    const answer = await upload(ana, car, 'application/vnd.ipld.car');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ network: 'bluesky', posts: 3, hashtags: 3, new_posts: 3 });
    expect((await hashtags(ana, 'bluesky')).hashtags.map(tagLine)).toEqual([
      'bluesky:sunset=2',
      'bluesky:k-pop=1',
      'bluesky:café=1',
    ]);
    const rows = await testApp.testDatabase.database.db
      .selectFrom('own_posts')
      .select('post_id')
      .where('user_id', '=', ana.userId!)
      .orderBy('post_id')
      .execute();
    expect(rows.map((row) => row.post_id)[0]).toBe(`at://${TEST_DID}/app.bsky.feed.post/3l7a2222222aa`);
  });

  it('refuses files it cannot read with what it expected, keeps nothing of them, and states the size limit', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    // Each with its reason's code, which the page says in the visitor's language.
    const cases: [Buffer, string, number, string, RegExp][] = [
      [
        Buffer.from('{"posts": [1, 2'),
        'application/json',
        400,
        'archive_not_json',
        /posts_1\.json.*outbox\.json/,
      ],
      [
        Buffer.from('{"hello": "world"}'),
        'application/json',
        400,
        'archive_unknown_json',
        /Instagram.*posts_1\.json.*Mastodon.*outbox\.json/,
      ],
      [Buffer.from('[{"media": "nope"}]'), 'application/json', 400, 'archive_instagram_damaged', /Instagram/],
      [Buffer.from('not a car'), 'application/vnd.ipld.car', 400, 'archive_bluesky_damaged', /Bluesky.*CAR/],
      [Buffer.from('PK not a zip'), 'application/zip', 400, 'archive_not_zip', /zip/],
      [
        Buffer.from(zipSync({ 'notes.txt': strToU8('not an export') })),
        'application/zip',
        400,
        'archive_zip_without_posts',
        /no posts file/,
      ],
      [instagramExportZip([]).subarray(0, 0), 'application/zip', 400, 'archive_empty', /empty/],
      [
        Buffer.from('hello'),
        'text/plain',
        415,
        'archive_wrong_type',
        /application\/json.*application\/vnd\.ipld\.car/,
      ],
    ];
    for (const [body, type, status, code, message] of cases) {
      const refused = await upload(ana, body, type);
      expect(refused.statusCode, `${type} ${body.subarray(0, 20)}: ${refused.body}`).toBe(status);
      expect(refused.json().error).toMatchObject({ code, message: expect.stringMatching(message) });
    }
    // A Mastodon outbox whose last status is broken: none of its statuses is kept.
    const outbox = JSON.parse(
      mastodonOutboxJson([
        { id: '1', text: 'Hi', tags: ['kept'], published: '2024-01-02T03:04:05Z' },
      ]).toString(),
    );
    outbox.orderedItems.push({ type: 'Create', object: { type: 'Note', published: 'yesterday' } });
    const broken = await upload(ana, Buffer.from(JSON.stringify(outbox)), 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatchObject({
      code: 'archive_mastodon_damaged',
      message: expect.stringMatching(/Mastodon/),
    });

    const tooLarge = await upload(ana, Buffer.alloc(64 * 1024 * 1024 + 1, 0x20), 'application/json');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toMatch(/64 MB/);
    expect((await hashtags(ana)).hashtags).toEqual([]);
  });

  it('keeps the posts private: another user and a visitor see nothing, public counts do not move', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const bruno = await createTestViewer(testApp.app, 'paying');
    const outbox = mastodonOutboxJson([
      { id: '201', text: 'Private', tags: ['onlyana', 'secretspot'], published: '2024-03-01T00:00:00Z' },
    ]);
    expect((await upload(ana, outbox, 'application/json')).statusCode).toBe(200);
    expect((await hashtags(bruno)).hashtags).toEqual([]);

    const visitor = await createTestViewer(testApp.app, 'none');
    const anonymous = await createTestViewer(testApp.app, 'anonymousTrial');
    expect((await upload(visitor, outbox, 'application/json')).statusCode).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/me/hashtags', headers: visitor.headers }))
        .statusCode,
    ).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'DELETE', url: '/api/me/posts', headers: visitor.headers }))
        .statusCode,
    ).toBe(401);
    const refusedTrial = await upload(anonymous, outbox, 'application/json');
    expect(refusedTrial.statusCode).toBe(403);
    expect(refusedTrial.json().error.message).toMatch(/account/);

    // Bruno's delete removes none of Ana's posts.
    const brunoDeletes = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/me/posts',
      headers: bruno.headers,
    });
    expect(brunoDeletes.json()).toEqual({ deleted: 0 });
    expect((await hashtags(ana)).hashtags.map(tagLine)).toEqual([
      'mastodon:onlyana=1',
      'mastodon:secretspot=1',
    ]);

    // The public store knows none of it.
    const { db } = testApp.testDatabase.database;
    expect(await db.selectFrom('posts').select('id').execute()).toEqual([]);
    expect(
      await db.selectFrom('hashtags').select('name').where('name', 'in', ['onlyana', 'secretspot']).execute(),
    ).toEqual([]);
    const info = await testApp.app.inject({
      method: 'GET',
      url: '/api/info/hashtag/onlyana',
      headers: bruno.headers,
    });
    expect(info.body).not.toMatch(/"mediaCount":\s*[1-9]/);
  });

  it('stores the same file imported twice at once only once', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    const file = instagramPostsJson(INSTAGRAM_POSTS);
    const answers = await Promise.all([1, 2, 3].map(() => upload(ana, file, 'application/json')));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.map((answer) => answer.json().new_posts).reduce((a: number, b: number) => a + b, 0)).toBe(
      4,
    );
    expect((await hashtags(ana)).networks).toMatchObject([{ network: 'instagram', posts: 4 }]);
  });

  it('deletes imported posts by network or all of them', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    await upload(ana, instagramPostsJson(INSTAGRAM_POSTS), 'application/json');
    await upload(
      ana,
      mastodonOutboxJson([{ id: '1', text: 'Hi', tags: ['lisboa'], published: '2024-01-02T03:04:05Z' }]),
      'application/json',
    );
    const remove = (query: string) =>
      testApp.app.inject({ method: 'DELETE', url: `/api/me/posts${query}`, headers: ana.headers });
    expect((await remove('?network=myspace')).statusCode).toBe(400);
    expect((await remove('?network=mastodon')).json()).toEqual({ deleted: 1 });
    expect((await hashtags(ana)).networks.map((n) => n.network)).toEqual(['instagram']);
    expect((await remove('')).json()).toEqual({ deleted: 4 });
    expect(await hashtags(ana)).toEqual({ hashtags: [], networks: [] });
  });

  it('includes the posts in "download my data" and deletes them with the account', async () => {
    const ana = await createTestViewer(testApp.app, 'free');
    await upload(
      ana,
      mastodonOutboxJson([{ id: '7', text: 'Hi', tags: ['mine'], published: '2024-01-02T03:04:05Z' }]),
      'application/json',
    );
    const data = await testApp.app.inject({ method: 'GET', url: '/api/account/data', headers: ana.headers });
    expect(data.statusCode).toBe(200);
    expect(data.json().data.ownPosts).toEqual({
      posts: [
        {
          network: 'mastodon',
          post_id: 'https://social.example/users/ana/statuses/7',
          posted_at: '2024-01-02T03:04:05.000Z',
          hashtags: ['mine'],
        },
      ],
    });
    const deleted = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: ana.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const { db } = testApp.testDatabase.database;
    expect(
      await db.selectFrom('own_posts').select('post_id').where('user_id', '=', ana.userId!).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('own_post_tags').select('hashtag').where('user_id', '=', ana.userId!).execute(),
    ).toEqual([]);
  });
});
