import { Network } from '@tagscout/core/networks';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { ingestStream, readStreamCursor, type StreamBatch, type StreamPost } from './stream.service.js';

const DAY = 86_400;
const TODAY = 20_400;
const NOON = TODAY * DAY + 43_200;

const post = (
  postId: string,
  owner: string,
  hashtags: string[],
  extra: Partial<StreamPost> = {},
): StreamPost => ({
  postId,
  owner,
  takenAt: NOON,
  hashtags,
  langs: [],
  seenAt: NOON,
  ...extra,
});

const batch = (
  fields: Partial<Omit<StreamBatch, 'cursor'>> & { now: number; cursor: number },
): StreamBatch => ({
  network: Network.bluesky,
  source: Network.bluesky,
  posts: [],
  deletedPosts: [],
  deletedOwners: [],
  countDays: 7,
  today: TODAY,
  ...fields,
  cursor: { stream: 'bluesky', cursor: fields.cursor, instance: `instance-${fields.cursor}` },
});

/** Batches that go through every branch: repeats, one-tag posts, old days, deletes by id and owner, a late cursor. */
const batches: StreamBatch[] = [
  batch({
    posts: [
      post('p1', 'alice', ['art', 'sky'], { langs: ['en', 'pt'] }),
      post('p2', 'alice', ['art']),
      post('p1', 'alice', ['art', 'sky']),
      post('p3', 'bob', ['art', 'ink', 'sky']),
      post('old', 'bob', ['art', 'old'], { takenAt: NOON - 10 * DAY }),
    ],
    now: 1000,
    cursor: 100,
  }),
  batch({
    posts: [
      post('p1', 'alice', ['art', 'sky']),
      post('p4', 'carol', ['ink', 'new'], { takenAt: NOON - DAY }),
      post('p5', 'carol', ['ink', 'new']),
    ],
    deletedPosts: ['p3', 'never-stored', 'p2'],
    now: 2000,
    cursor: 200,
  }),
  // A late batch of another consumer: its cursor does not move the stored one back.
  batch({ posts: [post('p6', 'dave', ['sky', 'late'])], deletedOwners: ['carol'], now: 3000, cursor: 150 }),
];

async function snapshot(database: Database) {
  const { db } = database;
  return {
    hashtags: await db
      .selectFrom('hashtags')
      .select(['network', 'name', 'post_count', 'count_state', 'count_source', 'banned', 'updated_at'])
      .orderBy('name')
      .execute(),
    dailyUses: (
      await db
        .selectFrom('hashtag_daily_uses as uses')
        .innerJoin('hashtags', 'hashtags.id', 'uses.hashtag_id')
        .select(['hashtags.name', 'uses.day', 'uses.uses'])
        .orderBy('hashtags.name')
        .orderBy('uses.day')
        .execute()
    ).map((row) => `${row.name}@${TODAY - row.day}d=${row.uses}`),
    dailyAuthors: (
      await db
        .selectFrom('hashtag_daily_authors as daily')
        .innerJoin('hashtags', 'hashtags.id', 'daily.hashtag_id')
        .select(['hashtags.name', 'daily.day', 'daily.author', 'daily.posts'])
        .orderBy('hashtags.name')
        .orderBy('daily.day')
        .orderBy('daily.author')
        .execute()
    ).map((row) => `${row.name}@${TODAY - row.day}d ${row.author}=${row.posts}`),
    posts: await db
      .selectFrom('posts')
      .select(['post_id', 'owner', 'taken_at', 'place_id', 'source', 'network', 'linked', 'langs'])
      .orderBy('post_id')
      .execute(),
    links: (
      await db
        .selectFrom('post_hashtags')
        .innerJoin('posts', 'posts.id', 'post_hashtags.post_id')
        .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
        .select(['posts.post_id', 'hashtags.name', 'post_hashtags.taken_at'])
        .orderBy('posts.post_id')
        .orderBy('hashtags.name')
        .execute()
    ).map((row) => `${row.post_id} ${row.name} ${row.taken_at}`),
    ownerLinks: (
      await db
        .selectFrom('post_owners')
        .innerJoin('posts', 'posts.id', 'post_owners.post_id')
        .select(['posts.post_id', 'post_owners.owner', 'post_owners.taken_at'])
        .orderBy('posts.post_id')
        .execute()
    ).map((row) => `${row.post_id} ${row.owner} ${row.taken_at}`),
    seen: (await db.selectFrom('stream_posts_seen').selectAll().orderBy('post_id').execute()).map(
      (row) => `${row.post_id}@${row.seen_at}`,
    ),
    cursors: await db.selectFrom('stream_cursors').selectAll().execute(),
  };
}

const openTestDatabase = databasesDroppedAfterEachTest();
async function freshDatabase(dialect: 'sqlite' | 'postgres') {
  return (await openTestDatabase(dialect, { migrated: true })).database;
}

describe.each(testDialects)('ingestStream on %s', (dialect) => {
  it('counts each post once, keeps those with two tags, removes deleted ones and moves the cursor only forward', async () => {
    const database = await freshDatabase(dialect);
    const results = [];
    for (const streamBatch of batches) results.push(await ingestStream(database, streamBatch));
    expect(results).toEqual([
      { counted: 4, stored: 3, repeats: 0, removed: 0 },
      { counted: 2, stored: 2, repeats: 1, removed: 1 },
      { counted: 1, stored: 1, repeats: 0, removed: 2 },
    ]);
    const store = await snapshot(database);
    // Counts are the uses of the last 7 days as of each tag's last batch; deletes keep counted uses.
    expect(
      store.hashtags.map((tag) => `${tag.name} ${tag.post_count} ${tag.count_source} ${tag.updated_at}`),
    ).toEqual([
      'art 3 bluesky 1000',
      'ink 3 bluesky 2000',
      'late 1 bluesky 3000',
      'new 2 bluesky 2000',
      'old 0 bluesky 1000',
      'sky 3 bluesky 3000',
    ]);
    expect(store.dailyUses).toEqual([
      'art@10d=1',
      'art@0d=3',
      'ink@1d=1',
      'ink@0d=2',
      'late@0d=1',
      'new@1d=1',
      'new@0d=1',
      'old@10d=1',
      'sky@0d=3',
    ]);
    // The same uses per author, single-tag posts (p2, not stored) too: what trending weighs (decision 025).
    expect(store.dailyAuthors).toEqual([
      'art@10d owner:bob=1',
      'art@0d owner:alice=2',
      'art@0d owner:bob=1',
      'ink@1d owner:carol=1',
      'ink@0d owner:bob=1',
      'ink@0d owner:carol=1',
      'late@0d owner:dave=1',
      'new@1d owner:carol=1',
      'new@0d owner:carol=1',
      'old@10d owner:bob=1',
      'sky@0d owner:alice=1',
      'sky@0d owner:bob=1',
      'sky@0d owner:dave=1',
    ]);
    expect(store.posts.map((row) => `${row.post_id} ${row.owner} ${row.langs} ${row.linked}`)).toEqual([
      'old bob null 1',
      'p1 alice en,pt 1',
      'p6 dave null 1',
    ]);
    expect(store.links).toEqual([
      `old art ${NOON - 10 * DAY}`,
      `old old ${NOON - 10 * DAY}`,
      `p1 art ${NOON}`,
      `p1 sky ${NOON}`,
      `p6 late ${NOON}`,
      `p6 sky ${NOON}`,
    ]);
    expect(store.ownerLinks).toEqual([`old bob ${NOON - 10 * DAY}`, `p1 alice ${NOON}`, `p6 dave ${NOON}`]);
    expect(store.seen).toEqual(['old', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => `${id}@${NOON}`));
    expect(store.cursors).toEqual([
      { stream: 'bluesky', cursor: 200, instance: 'instance-200', updated_at: 2000 },
    ]);
    expect(await readStreamCursor(database, 'bluesky')).toBe(200);
    expect(await readStreamCursor(database, 'elsewhere')).toBeUndefined();
  });
});

describe('ingestStream: the SQLite fast path and the portable path write the same store', () => {
  it('for the same batches, with the same results', async () => {
    const fast = await freshDatabase('sqlite');
    const portable = await freshDatabase('sqlite');
    for (const streamBatch of batches) {
      expect(await ingestStream(fast, streamBatch, { fastPath: true })).toEqual(
        await ingestStream(portable, streamBatch, { fastPath: false }),
      );
    }
    const expected = await snapshot(portable);
    expect(expected.posts).toHaveLength(3);
    expect(await snapshot(fast)).toEqual(expected);
  });

  it('waits for a transaction of the query builder on the same connection instead of joining it', async () => {
    const database = await freshDatabase('sqlite');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun = () => {};
    const open = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const other = database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('stream_posts_seen')
        .values({ network: 'bluesky', post_id: 'rolled-back', seen_at: 1 })
        .execute();
      begun();
      await held;
      throw new Error('rolled back');
    });
    await open;
    const storing = ingestStream(database, batches[0]!, { fastPath: true });
    release();
    await expect(other).rejects.toThrow('rolled back');
    // Had the batch run inside the other transaction, its rollback would have taken the batch too.
    expect(await storing).toMatchObject({ counted: 4 });
    expect((await snapshot(database)).seen).toContain(`p1@${NOON}`);
    expect((await snapshot(database)).seen).not.toContain('rolled-back@1');
  });
});
