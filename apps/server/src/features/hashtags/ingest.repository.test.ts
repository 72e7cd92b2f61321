import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { type IngestBatch, linkPendingPosts, type PostToStore, storeIngest } from './ingest.repository.js';

const T0 = 1_700_000_000;
const post = (
  postId: string,
  offset: number,
  hashtags: string[],
  extra: Partial<PostToStore> = {},
): PostToStore => ({
  postId,
  owner: 'o1',
  takenAt: T0 + offset,
  placeId: null,
  hashtags,
  ...extra,
});

const batches: IngestBatch[] = [
  {
    hashtags: [
      { name: 'beach', count: 10 },
      { name: 'sun', count: 20 },
    ],
    places: [{ id: 'pl1', title: 'Lisboa', titleKey: 'lisboa', count: 5 }],
    profiles: [{ id: 'u1', username: 'ana', biography: 'hello', followers: 3 }],
    posts: [
      post('a', 1, ['beach', 'sun']),
      post('b', 2, ['beach', 'surf', 'new']),
      post('a', 9, ['ignored', 'dupe']),
    ],
    source: 'test',
    now: 1000,
  },
  {
    hashtags: [{ name: 'beach', count: 11 }],
    profiles: [{ id: 'u1', username: 'ana', followers: 4 }],
    // "a" again, now with a place and a new tag: the place fills in, the link is added, nothing doubles.
    posts: [
      post('a', 1, ['beach', 'sun', 'extra'], { placeId: 'pl1' }),
      post('c', 3, ['surf', 'sun'], { owner: null }),
    ],
    source: 'test',
    now: 2000,
  },
];

/** The store by natural keys, so two ways of writing it compare equal whatever ids they gave. */
async function snapshot(database: Database) {
  const { db } = database;
  return {
    hashtags: await db
      .selectFrom('hashtags')
      .select(['name', 'post_count', 'count_state', 'banned', 'updated_at'])
      .orderBy('name')
      .execute(),
    places: await db.selectFrom('places').selectAll().orderBy('id').execute(),
    profiles: await db.selectFrom('profiles').selectAll().orderBy('id').execute(),
    posts: await db
      .selectFrom('posts')
      .select(['post_id', 'owner', 'taken_at', 'place_id', 'source'])
      .orderBy('post_id')
      .execute(),
    links: await db
      .selectFrom('post_hashtags')
      .innerJoin('posts', 'posts.id', 'post_hashtags.post_id')
      .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
      .select(['posts.post_id', 'hashtags.name', 'post_hashtags.taken_at'])
      .orderBy('posts.post_id')
      .orderBy('hashtags.name')
      .execute(),
    placeLinks: await db
      .selectFrom('post_places')
      .innerJoin('posts', 'posts.id', 'post_places.post_id')
      .select(['posts.post_id', 'post_places.place_id', 'post_places.taken_at'])
      .orderBy('posts.post_id')
      .execute(),
    ownerLinks: await db
      .selectFrom('post_owners')
      .innerJoin('posts', 'posts.id', 'post_owners.post_id')
      .select(['posts.post_id', 'post_owners.owner', 'post_owners.taken_at'])
      .orderBy('posts.post_id')
      .execute(),
  };
}

const opened: TestDatabase[] = [];
async function freshDatabase(dialect: 'sqlite' | 'postgres') {
  const testDatabase = await createTestDatabase(dialect);
  opened.push(testDatabase);
  await migrateToLatest(testDatabase.database);
  return testDatabase.database;
}
afterEach(async () => {
  for (const testDatabase of opened.splice(0)) await testDatabase.drop();
});

describe('storeIngest: the SQLite fast path and the portable path write the same store', () => {
  it('for new rows, repeats, late places and partial profiles', async () => {
    const fast = await freshDatabase('sqlite');
    const portable = await freshDatabase('sqlite');
    for (const batch of batches) {
      await storeIngest(fast, batch, { fastPath: true });
      await storeIngest(portable, batch, { fastPath: false });
    }
    const expected = await snapshot(fast);
    expect(await snapshot(portable)).toEqual(expected);

    expect(expected.posts).toEqual([
      { post_id: 'a', owner: 'o1', taken_at: T0 + 1, place_id: 'pl1', source: 'test' },
      { post_id: 'b', owner: 'o1', taken_at: T0 + 2, place_id: null, source: 'test' },
      { post_id: 'c', owner: null, taken_at: T0 + 3, place_id: null, source: 'test' },
    ]);
    expect(expected.links.map((link) => `${link.post_id}:${link.name}`)).toEqual([
      'a:beach',
      'a:extra',
      'a:sun',
      'b:beach',
      'b:new',
      'b:surf',
      'c:sun',
      'c:surf',
    ]);
    // "a" got its place on its second arrival; "c" has no owner.
    expect(expected.placeLinks).toEqual([{ post_id: 'a', place_id: 'pl1', taken_at: T0 + 1 }]);
    expect(expected.ownerLinks.map((link) => link.post_id)).toEqual(['a', 'b']);
    expect(expected.hashtags.find((tag) => tag.name === 'beach')).toMatchObject({
      post_count: 11,
      updated_at: 2000,
    });
    expect(expected.hashtags.find((tag) => tag.name === 'surf')).toMatchObject({
      post_count: -1,
      count_state: 'lookup',
    });
    expect(expected.profiles[0]).toMatchObject({ username: 'ana', biography: 'hello', followers: 4 });
  });
});

describe.each(testDialects)('storeIngest on %s', (dialect) => {
  it('with deferred links writes the same store once linkPendingPosts has run', async () => {
    const direct = await freshDatabase(dialect);
    const deferred = await freshDatabase(dialect);
    for (const batch of batches) {
      await storeIngest(direct, batch);
      await storeIngest(deferred, batch, { deferLinks: true });
    }
    const before = await snapshot(deferred);
    // Nothing is linked yet; "a" has gained its place and its new tag on the row.
    expect(before.links).toEqual([]);
    expect(before.placeLinks).toEqual([]);
    expect(before.posts.find((post) => post.post_id === 'a')).toMatchObject({ place_id: 'pl1' });

    expect(await linkPendingPosts(deferred)).toBe(3);
    expect(await snapshot(deferred)).toEqual(await snapshot(direct));
    expect(await linkPendingPosts(deferred)).toBe(0);
  });

  it('writes all of a batch or none of it, and remembers only committed tag ids', async () => {
    const database = await freshDatabase(dialect);
    const tagIds = new Map<string, number>();
    await storeIngest(
      database,
      { posts: [post('a', 1, ['one', 'two'])], source: 'test', now: 1 },
      { tagIds },
    );
    expect([...tagIds.keys()].sort()).toEqual(['one', 'two']);

    const broken = post('b', 2, ['three', 'four'], { takenAt: null as unknown as number });
    await expect(
      storeIngest(database, { posts: [broken], source: 'test', now: 2 }, { tagIds }),
    ).rejects.toThrow();
    expect([...tagIds.keys()].sort()).toEqual(['one', 'two']);
    const names = await database.db.selectFrom('hashtags').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['one', 'two']);
    expect(await database.db.selectFrom('posts').select('post_id').execute()).toEqual([{ post_id: 'a' }]);
  });
});
