import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewer } from '../../test/test-users.js';
import { forgetChangedAnswers } from '../related/related.service.js';
import { ingestAutocomplete } from './store.service.js';

const T0 = 1_700_000_000;

/** A post by its own owner (related tags need posts of two people, decision 025). */
function post(id: string, offset: number, tags: string[], extra: Record<string, unknown> = {}) {
  return { post_id: id, owner: `owner-${id}`, timestamp: T0 + offset, hashtags: tags, ...extra };
}

/** A hand-built tag page: related tags by the core rules are beach (4), sun (3), food (2). */
const travelPosts = [
  post('p1', 1, ['travel', 'beach', 'sun']),
  post('p2', 2, ['#Travel', 'beach', 'surf']),
  post('p3', 3, ['travel', 'BEACH', 'sun']),
  post('p4', 4, ['travel', 'city', 'food']),
  {
    post_id: 'p5',
    owner: 'owner2',
    timestamp: T0 + 5,
    caption: 'Lunch in #Lisbon with #food and #sun #FOOD',
  },
  post('p6', 6, ['beach']),
  post('p7', 7, ['travel']),
];

async function countRows(testApp: TestApp) {
  const { db } = testApp.testDatabase.database;
  const count = async (table: 'hashtags' | 'posts' | 'post_hashtags' | 'places' | 'profiles') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    hashtags: await count('hashtags'),
    posts: await count('posts'),
    links: await count('post_hashtags'),
    places: await count('places'),
    profiles: await count('profiles'),
  };
}

async function emptyStore(testApp: TestApp) {
  const { db } = testApp.testDatabase.database;
  await db.deleteFrom('post_hashtags').execute();
  await db.deleteFrom('posts').execute();
  await db.deleteFrom('hashtags').execute();
  await db.deleteFrom('places').execute();
  await db.deleteFrom('profiles').execute();
  await db.deleteFrom('crowd_reports').execute();
  await db.deleteFrom('crowd_items').execute();
  // Behind the server's back, as a purge is: its kept answers and rows must go (ids are used again).
  await forgetChangedAnswers(testApp.app.hashtags, { now: Date.now() });
}

/**
 * The ingest mechanics, on a single-user install that trusts one submitter (CROWD_QUORUM 1, no share
 * cap); agreement and the share cap have their own tests (crowd-agreement.test.ts).
 */
const ONE_SUBMITTER = {
  BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
  CROWD_QUORUM: 1,
  RELATED_POSTS_PER_AUTHOR: 1000,
};

describe.each(testDialects)('crowd cache ingest and related tags on %s', (dialect) => {
  let testApp: TestApp;
  let submitter: TestViewer;
  // Reads as a paying visitor, whose plan shows every related tag (a free one's shows the first 2).
  let reader: TestViewer;
  const inject = (options: InjectOptions) =>
    testApp.app.inject({
      ...options,
      headers: { ...(options.method === 'POST' ? submitter : reader).headers, ...options.headers },
    });
  const recommend = (body: unknown) =>
    inject({ method: 'POST', url: '/api/cache/recommend', payload: body as object });

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, ONE_SUBMITTER);
    submitter = await createTestViewer(testApp.app, 'free');
    reader = await createTestViewer(testApp.app, 'paying');
  });
  afterAll(async () => testApp.close());
  beforeEach(async () => {
    await emptyStore(testApp);
  });

  it('answers 202, and the tag page gives the exact related tags, subcounts and order', async () => {
    const counts = await inject({
      method: 'POST',
      url: '/api/cache/autocomplete',
      payload: {
        query: 'be',
        hashtags: [
          { hashtag: 'beach', count: 300_000 },
          { hashtag: 'sun', count: 100_000 },
        ],
      },
    });
    expect(counts.statusCode).toBe(202);
    expect(counts.json()).toEqual({ status: 'accepted', stored: 2, skipped: 0 });

    const ingest = await recommend({ hashtag: { hashtag: 'travel', count: 5_000_000 }, posts: travelPosts });
    expect(ingest.statusCode).toBe(202);
    // p7 carries only the page's own tag, so it is dropped.
    expect(ingest.json()).toEqual({ status: 'accepted', stored: 6, skipped: 1 });

    const info = await inject({ method: 'GET', url: '/api/info/hashtag/travel?recommended=1' });
    expect(info.statusCode).toBe(200);
    // beach: 4 posts, 1e7*(4-2)/(300000+100000) = 50; sun: 3 posts, 1e7*1/200000 = 50, fewer posts;
    // food: 2 posts, count still unknown (0) -> 0; surf, city, lisbon: 1 post each, below the minimum.
    expect(info.json()).toEqual({
      network: 'instagram',
      data: [
        {
          hashtag: 'travel',
          count: 5_000_000,
          related_tags: [
            { hashtag: 'beach', subcount: 4, authors: 4, relevance: 50 },
            { hashtag: 'sun', subcount: 3, authors: 3, relevance: 50 },
            { hashtag: 'food', subcount: 2, authors: 2, relevance: 0 },
          ],
          related_post_count: 6,
        },
      ],
    });
  });

  it('sends a free visitor only the related tags the plan shows, and how many more there are', async () => {
    await recommend({ hashtag: { hashtag: 'travel', count: 5_000_000 }, posts: travelPosts });
    const url = '/api/info/hashtag/travel?recommended=1';
    const visitor = { 'x-device-id': crypto.randomUUID() };
    const free = (await testApp.app.inject({ method: 'GET', url, headers: visitor })).json();
    // The app shows a free visitor the first 2: the others are the server's to keep, not to send.
    expect(free.data[0]).toMatchObject({ related_post_count: 6, related_tags_hidden: 1 });
    expect(free.data[0].related_tags.map((tag: { hashtag: string }) => tag.hashtag)).toEqual([
      'beach',
      'sun',
    ]);
    const paid = (await inject({ method: 'GET', url })).json();
    expect(paid.data[0].related_tags).toHaveLength(3);
    expect(paid.data[0].related_tags_hidden).toBeUndefined();
  });

  it('stores a repeated post once, so a repeated ingest changes nothing', async () => {
    await recommend({ hashtag: { hashtag: 'travel', count: 10 }, posts: travelPosts });
    const before = await countRows(testApp);
    const again = await recommend({ hashtag: { hashtag: 'travel', count: 10 }, posts: travelPosts });
    expect(again.statusCode).toBe(202);
    expect(await countRows(testApp)).toEqual(before);
    expect(before).toMatchObject({ posts: 6 });

    const related = (await inject({ method: 'GET', url: '/api/info/hashtag/travel?recommended=1' })).json();
    expect(related.data[0].related_tags.map((tag: { subcount: number }) => tag.subcount)).toEqual([4, 3, 2]);
    expect(related.data[0].related_post_count).toBe(6);
  });

  it('links a post to every tag it carries, so it counts for each of them', async () => {
    await recommend({ hashtag: { hashtag: 'travel', count: 0 }, posts: travelPosts });
    const beach = (await inject({ method: 'GET', url: '/api/info/hashtag/beach?recommended=1' })).json();
    // beach's posts: p1, p2, p3, p6; travel is in all four, sun in two.
    expect(beach.data[0]).toMatchObject({
      hashtag: 'beach',
      count: -2,
      related_post_count: 4,
      related_tags: [
        { hashtag: 'travel', subcount: 4, authors: 4, relevance: 200 },
        { hashtag: 'sun', subcount: 2, authors: 2, relevance: 0 },
      ],
    });
  });

  it('reflects new posts in the related tags right after an ingest', async () => {
    await recommend({ hashtag: { hashtag: 'travel', count: 10 }, posts: travelPosts });
    await recommend({
      hashtag: { hashtag: 'travel', count: 10 },
      posts: [post('p8', 8, ['travel', 'city']), post('p9', 9, ['city', 'night'])],
    });
    const tags = (await inject({ method: 'GET', url: '/api/info/hashtag/travel?recommended=1' })).json()
      .data[0];
    expect(tags.related_post_count).toBe(8);
    expect(tags.related_tags.find((tag: { hashtag: string }) => tag.hashtag === 'city')).toEqual({
      hashtag: 'city',
      subcount: 3,
      authors: 3,
      relevance: 100,
    });
  });

  it('uses only the most recent posts of the configured window', async () => {
    const small = await buildTestApp(dialect, { ...ONE_SUBMITTER, RELATED_POST_WINDOW: 10 });
    try {
      const smallSubmitter = await createTestViewer(small.app, 'free');
      // 5 old posts with "old", then 10 newer ones with "new": only "new" is in the window.
      const posts = [
        ...Array.from({ length: 5 }, (_, i) => post(`old${i}`, i, ['travel', 'old'])),
        ...Array.from({ length: 10 }, (_, i) => post(`new${i}`, 100 + i, ['travel', 'new'])),
      ];
      await small.app.inject({
        method: 'POST',
        url: '/api/cache/recommend',
        headers: smallSubmitter.headers,
        payload: { hashtag: { hashtag: 'travel', count: 0 }, posts },
      });
      const tags = (
        await small.app.inject({ method: 'GET', url: '/api/info/hashtag/travel?recommended=1' })
      ).json();
      expect(tags.data[0].related_post_count).toBe(10);
      expect(tags.data[0].related_tags).toEqual([
        { hashtag: 'new', subcount: 10, authors: 10, relevance: 800 },
      ]);
    } finally {
      await small.close();
    }
  });

  it('relates a place to the tags of its posts (minimum 2, k = 1)', async () => {
    const posts = [
      post('l1', 1, ['lisbon', 'tram']),
      post('l2', 2, ['lisbon', 'tram', 'sunset']),
      post('l3', 3, ['lisbon', 'pasteis']),
      post('l4', 4, ['porto', 'wine'], { place_id: 'elsewhere' }),
    ];
    const ingest = await recommend({
      place: { place_id: 'p-lx', title: 'Lisboa, Portugal', count: 1234 },
      posts,
    });
    expect(ingest.statusCode).toBe(202);
    const place = await inject({ method: 'GET', url: '/api/info/place/p-lx?recommended=1' });
    expect(place.statusCode).toBe(200);
    // l4 names another place, so it is not this place's post.
    expect(place.json()).toEqual({
      data: [
        {
          place_id: 'p-lx',
          title: 'Lisboa, Portugal',
          count: 1234,
          related_tags: [
            { hashtag: 'lisbon', subcount: 3, authors: 3, relevance: 200 },
            { hashtag: 'tram', subcount: 2, authors: 2, relevance: 100 },
          ],
          related_post_count: 3,
        },
      ],
    });
    const plain = await inject({ method: 'GET', url: '/api/info/place/p-lx' });
    expect(plain.json()).toEqual({ data: [{ place_id: 'p-lx', title: 'Lisboa, Portugal', count: 1234 }] });
  });

  it('relates a profile to the tags of its posts (minimum 1, k = 0), by id or username', async () => {
    const user = { profile_id: 'u42', username: 'Ana.Travels', full_name: 'Ana', followers: 900 };
    const posts = [
      { ...post('u1', 1, ['travel', 'food']), owner: 'u42' },
      { ...post('u2', 2, ['travel', 'beach']), owner: 'u42' },
      { ...post('u3', 3, ['other', 'tags']), owner: 'someone-else' },
    ];
    expect((await recommend({ user, posts })).statusCode).toBe(202);
    const expected = {
      profile_id: 'u42',
      username: 'ana.travels',
      full_name: 'Ana',
      biography: '',
      followers: 900,
      // Not reported: being looked up.
      following: -2,
      post_count: -2,
      is_business_account: false,
      business_category_name: null,
      is_private: false,
      is_verified: false,
      related_tags: [
        { hashtag: 'travel', subcount: 2, authors: 1, relevance: 200 },
        { hashtag: 'beach', subcount: 1, authors: 1, relevance: 100 },
        { hashtag: 'food', subcount: 1, authors: 1, relevance: 100 },
      ],
      related_post_count: 2,
    };
    const byId = await inject({ method: 'GET', url: '/api/info/user/u42?recommended=1' });
    expect(byId.json()).toEqual({ data: [expected] });
    const byName = await inject({ method: 'GET', url: '/api/info/user/ana.travels?recommended=1' });
    expect(byName.json()).toEqual({ data: [expected] });
  });

  it('keeps the newest counts and the fields a later, smaller result leaves out', async () => {
    const database = testApp.testDatabase.database;
    const now = Date.now();
    const source = 'import';
    await ingestAutocomplete(
      database,
      { query: 'b', hashtags: [{ hashtag: 'beach', count: 100 }] },
      { network: 'instagram', source, now: now },
    );
    await ingestAutocomplete(
      database,
      { query: 'b', hashtags: [{ hashtag: 'beach', count: 200 }] },
      { network: 'instagram', source, now: now + 1000 },
    );
    // An older result arriving late does not overwrite a newer one.
    await ingestAutocomplete(
      database,
      { query: 'b', hashtags: [{ hashtag: 'beach', count: 150 }] },
      { network: 'instagram', source, now: now + 500 },
    );
    const info = await inject({ method: 'GET', url: '/api/info/hashtag/beach' });
    expect(info.json()).toEqual({ network: 'instagram', data: [{ hashtag: 'beach', count: 200 }] });

    await ingestAutocomplete(
      database,
      {
        query: 'a',
        users: [{ profile_id: 'u1', username: 'ana', biography: 'Travel writer', followers: 10 }],
      },
      { network: 'instagram', source, now: now },
    );
    await ingestAutocomplete(
      database,
      { query: 'a', users: [{ profile_id: 'u1', username: 'ana', followers: 20 }] },
      { network: 'instagram', source, now: now + 1 },
    );
    const user = (await inject({ method: 'GET', url: '/api/info/user/u1' })).json().data[0];
    expect(user).toMatchObject({ username: 'ana', biography: 'Travel writer', followers: 20 });
  });

  it('answers 404 with a message for an unknown item', async () => {
    for (const url of [
      '/api/info/hashtag/nosuchtag?recommended=1',
      '/api/info/place/nosuchplace',
      '/api/info/user/nosuchuser?recommended=1',
    ]) {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
      expect(response.json().error.message).toMatch(/is known yet\.$/);
    }
  });

  describe('refuses a malformed or oversized body with nothing stored', () => {
    const good = { hashtag: { hashtag: 'travel', count: 10 }, posts: [post('ok', 1, ['a', 'b'])] };
    const cases: [string, unknown, RegExp][] = [
      ['an unknown field', { ...good, extra: 1 }, /Unrecognized key/],
      ['an unknown field in a post', { ...good, posts: [{ ...good.posts[0], likes: 3 }] }, /posts\.0/],
      ['two items', { ...good, place: { place_id: 'x', title: 'X', count: 1 } }, /exactly one of/],
      ['no item', { posts: good.posts }, /exactly one of/],
      [
        'a post from the future',
        { ...good, posts: [post('f', 10_000_000_000, ['a', 'b'])] },
        /in the future/,
      ],
      ['a negative count', { ...good, hashtag: { hashtag: 'travel', count: -5 } }, /must be 0 or more/],
      ['a tag with a space', { ...good, posts: [post('s', 1, ['two words', 'b'])] }, /not a valid hashtag/],
      [
        'a post without tags or caption',
        { ...good, posts: [{ post_id: 'n', owner: 'o', timestamp: T0 }] },
        /"hashtags" or "caption"/,
      ],
      [
        'markup in a title',
        { place: { place_id: 'x', title: '<script>alert(1)</script>', count: 1 }, posts: good.posts },
        /must not contain HTML/,
      ],
      ['a bad post id', { ...good, posts: [post('bad id!', 1, ['a', 'b'])] }, /may contain only/],
      [
        'more than 1,000 posts',
        { ...good, posts: Array.from({ length: 1001 }, (_, i) => post(`m${i}`, 1, ['a', 'b'])) },
        /at most 1000 posts/,
      ],
    ];
    it.each(cases)('%s: 400', async (_name, body, message) => {
      const response = await recommend(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid_request');
      expect(response.json().error.message).toMatch(message);
      expect(await countRows(testApp)).toEqual({ hashtags: 0, posts: 0, links: 0, places: 0, profiles: 0 });
    });

    it('a body over 256 KB: 413', async () => {
      const caption = `#a #b ${'x'.repeat(2000)}`;
      const posts = Array.from({ length: 140 }, (_, i) => ({
        post_id: `big${i}`,
        owner: 'o',
        timestamp: T0,
        caption,
      }));
      const response = await recommend({ hashtag: { hashtag: 'travel', count: 1 }, posts });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: { code: 'payload_too_large', message: 'The request body is too large.' },
      });
      expect(await countRows(testApp)).toEqual({ hashtags: 0, posts: 0, links: 0, places: 0, profiles: 0 });
    });

    it('text that is not JSON: 400', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/cache/recommend',
        headers: { 'content-type': 'application/json' },
        payload: '{"hashtag": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('The request body is not valid JSON.');
      expect(await countRows(testApp)).toEqual({ hashtags: 0, posts: 0, links: 0, places: 0, profiles: 0 });
    });

    it('an autocomplete result with two lists: 400', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/cache/autocomplete',
        payload: { query: 'a', hashtags: [], places: [] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/exactly one of "hashtags", "places" or "users"/);
    });
  });
});

describe('crowd cache rate limit', () => {
  it('answers 429 once an account sends more than its cache allowance, while reads and other accounts go on', async () => {
    const testApp = await buildTestApp('sqlite', { CACHE_RATE_LIMIT_PER_MINUTE: 2 });
    try {
      const [first, second] = [
        await createTestViewer(testApp.app, 'free'),
        await createTestViewer(testApp.app, 'paying'),
      ];
      const body = { query: 'a', hashtags: [{ hashtag: 'abc', count: 1 }] };
      const send = async (viewer: TestViewer) =>
        (
          await testApp.app.inject({
            method: 'POST',
            url: '/api/cache/autocomplete',
            headers: viewer.headers,
            payload: body,
          })
        ).statusCode;
      const statuses = [await send(first), await send(first), await send(first)];
      expect(statuses).toEqual([202, 202, 429]);
      // Another account behind the same address has its own allowance.
      expect(await send(second)).toBe(202);
      expect((await testApp.app.inject({ method: 'GET', url: '/api/info/hashtag/abc' })).statusCode).toBe(
        200,
      );
    } finally {
      await testApp.close();
    }
  });
});
