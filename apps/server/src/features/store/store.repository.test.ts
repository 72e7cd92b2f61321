import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { linkPendingPostsSqlite } from './pending-links-sqlite.repository.js';
import { type IngestBatch, linkPendingPosts, type PostToStore, storeIngest } from './store.repository.js';

const T0 = 1_700_000_000;
const DAY = 86_400;
/** The link steps' clock, in 1970 as the batches' own: every day's author rows are kept. */
const linkedAt = { now: 4000 };
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
    network: 'instagram',
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
    network: 'instagram',
    source: 'test',
    now: 2000,
  },
  {
    // The same names on another network are other tags: their own counts, links and daily uses.
    hashtags: [{ name: 'beach', count: 3 }],
    posts: [post('s1', 1, ['beach', 'sun']), post('s2', DAY, ['beach', 'sand'])],
    network: 'sample',
    source: 'sample',
    now: 3000,
  },
];

/** The store by natural keys, so two ways of writing it compare equal whatever ids they gave. */
async function snapshot(database: Database) {
  const { db } = database;
  return {
    hashtags: await db
      .selectFrom('hashtags')
      .select(['network', 'name', 'post_count', 'count_state', 'count_source', 'banned', 'updated_at'])
      .orderBy('network')
      .orderBy('name')
      .execute(),
    places: await db.selectFrom('places').selectAll().orderBy('id').execute(),
    profiles: await db.selectFrom('profiles').selectAll().orderBy('id').execute(),
    posts: await db
      .selectFrom('posts')
      .select(['post_id', 'owner', 'taken_at', 'place_id', 'source', 'network'])
      .orderBy('post_id')
      .execute(),
    dailyUses: await db
      .selectFrom('hashtag_daily_uses as uses')
      .innerJoin('hashtags', 'hashtags.id', 'uses.hashtag_id')
      .select(['hashtags.network', 'hashtags.name', 'uses.day', 'uses.uses'])
      .orderBy('hashtags.network')
      .orderBy('hashtags.name')
      .orderBy('uses.day')
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

const openTestDatabase = databasesDroppedAfterEachTest();
async function freshDatabase(dialect: 'sqlite' | 'postgres') {
  return (await openTestDatabase(dialect, { migrated: true })).database;
}

/** Two new stores with the same batches: one linked as it stores, one with the links deferred. */
async function storedBothWays(dialect: 'sqlite' | 'postgres', stored: IngestBatch[] = batches) {
  const direct = await freshDatabase(dialect);
  const deferred = await freshDatabase(dialect);
  for (const batch of stored) {
    await storeIngest(direct, batch);
    await storeIngest(deferred, batch, { deferLinks: true });
  }
  return { direct, deferred };
}

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

    const instagram = { source: 'test', network: 'instagram' };
    const sample = { owner: 'o1', place_id: null, source: 'sample', network: 'sample' };
    expect(expected.posts).toEqual([
      { post_id: 'a', owner: 'o1', taken_at: T0 + 1, place_id: 'pl1', ...instagram },
      { post_id: 'b', owner: 'o1', taken_at: T0 + 2, place_id: null, ...instagram },
      { post_id: 'c', owner: null, taken_at: T0 + 3, place_id: null, ...instagram },
      { post_id: 's1', taken_at: T0 + 1, ...sample },
      { post_id: 's2', taken_at: T0 + DAY, ...sample },
    ]);
    expect(
      expected.links
        .filter((link) => !link.post_id.startsWith('s'))
        .map((link) => `${link.post_id}:${link.name}`),
    ).toEqual(['a:beach', 'a:extra', 'a:sun', 'b:beach', 'b:new', 'b:surf', 'c:sun', 'c:surf']);
    // "a" got its place on its second arrival; "c" has no owner.
    expect(expected.placeLinks).toEqual([{ post_id: 'a', place_id: 'pl1', taken_at: T0 + 1 }]);
    expect(expected.ownerLinks.map((link) => link.post_id)).toEqual(['a', 'b', 's1', 's2']);
    expect(expected.hashtags.filter((tag) => tag.name === 'beach')).toMatchObject([
      { network: 'instagram', post_count: 11, count_source: 'test', updated_at: 2000 },
      { network: 'sample', post_count: 3, count_source: 'sample', updated_at: 3000 },
    ]);
    // One use per post and tag on the post's day; "a" arriving again adds only its new tag.
    const day = Math.floor(T0 / DAY);
    expect(
      expected.dailyUses.map((row) => `${row.network}:${row.name}:${row.day - day}:${row.uses}`),
    ).toEqual([
      'instagram:beach:0:2',
      'instagram:extra:0:1',
      'instagram:new:0:1',
      'instagram:sun:0:2',
      'instagram:surf:0:2',
      'sample:beach:0:1',
      'sample:beach:1:1',
      'sample:sand:1:1',
      'sample:sun:0:1',
    ]);
    expect(expected.hashtags.find((tag) => tag.name === 'surf')).toMatchObject({
      post_count: -1,
      count_state: 'lookup',
    });
    expect(expected.profiles[0]).toMatchObject({ username: 'ana', biography: 'hello', followers: 4 });
  });
});

describe.each(testDialects)('storeIngest on %s', (dialect) => {
  it('with deferred links writes the same store once linkPendingPosts has run', async () => {
    const { direct, deferred } = await storedBothWays(dialect);
    const before = await snapshot(deferred);
    // Nothing is linked or counted yet; "a" has gained its place and its new tag on the row.
    expect(before.links).toEqual([]);
    expect(before.dailyUses).toEqual([]);
    expect(before.placeLinks).toEqual([]);
    expect(before.posts.find((post) => post.post_id === 'a')).toMatchObject({ place_id: 'pl1' });

    expect(await linkPendingPosts(deferred, linkedAt)).toBe(5);
    expect(await snapshot(deferred)).toEqual(await snapshot(direct));
    expect(await linkPendingPosts(deferred, linkedAt)).toBe(0);
  });

  it('links posts whose tag links a stopped link step already wrote, as a first link step would', async () => {
    const { direct, deferred } = await storedBothWays(dialect);
    // On PostgreSQL the tag links commit on their own before the posts are marked linked.
    const first = await deferred.db
      .selectFrom('posts')
      .select(['id', 'taken_at', 'tag_ids'])
      .where('linked', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await deferred.db
      .insertInto('post_hashtags')
      .values(
        first.tag_ids
          .split(',')
          .map((id) => ({ hashtag_id: Number(id), taken_at: first.taken_at, post_id: first.id })),
      )
      .execute();

    expect(await linkPendingPosts(deferred, linkedAt)).toBe(5);
    expect(await snapshot(deferred)).toEqual(await snapshot(direct));
  });

  it('stores owners, places and tags with quotes, backslashes, commas, braces or the word NULL as they are', async () => {
    const database = await freshDatabase(dialect);
    const odd = ['a"b', 'back\\slash', 'x,y', '{braces}', 'NULL', '💭 thought', ''];
    await storeIngest(
      database,
      {
        posts: odd.map((text, i) =>
          post(`odd${i}`, i, [`tag${i}`, text === '' ? 'empty' : text], {
            owner: text,
            placeId: text || null,
          }),
        ),
        network: 'instagram',
        source: 'test',
        now: 1,
      },
      { deferLinks: true },
    );
    const rows = await database.db
      .selectFrom('posts')
      .select(['post_id', 'owner', 'place_id'])
      .orderBy('post_id')
      .execute();
    expect(rows).toEqual(
      odd.map((text, i) => ({ post_id: `odd${i}`, owner: text, place_id: text === '' ? null : text })),
    );
    const names = await database.db.selectFrom('hashtags').select('name').where('name', 'in', odd).execute();
    expect(names.map((row) => row.name).sort()).toEqual(odd.filter((text) => text !== '').sort());
  });

  it('writes all of a batch or none of it, and remembers only committed tag ids', async () => {
    const database = await freshDatabase(dialect);
    const tagIds = new Map<string, number>();
    await storeIngest(
      database,
      { posts: [post('a', 1, ['one', 'two'])], network: 'instagram', source: 'test', now: 1 },
      { tagIds },
    );
    expect([...tagIds.keys()].sort()).toEqual(['one', 'two']);

    const broken = post('b', 2, ['three', 'four'], { takenAt: null as unknown as number });
    await expect(
      storeIngest(database, { posts: [broken], network: 'instagram', source: 'test', now: 2 }, { tagIds }),
    ).rejects.toThrow();
    expect([...tagIds.keys()].sort()).toEqual(['one', 'two']);
    const names = await database.db.selectFrom('hashtags').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(['one', 'two']);
    expect(await database.db.selectFrom('posts').select('post_id').execute()).toEqual([{ post_id: 'a' }]);
  });

  it('counts each post once when two link steps run at the same time', async () => {
    // No owner and no place: nothing else makes the second step wait for the first.
    const anonymous: IngestBatch = {
      posts: Array.from({ length: 50 }, (_, i) =>
        post(`n${i}`, i * 3600, ['beach', `tag${i % 7}`], { owner: null }),
      ),
      network: 'instagram',
      source: 'test',
      now: 1,
    };
    const { direct, deferred } = await storedBothWays(dialect, [anonymous]);
    const linked = await Promise.all([
      linkPendingPosts(deferred, linkedAt),
      linkPendingPosts(deferred, linkedAt),
    ]);
    expect(linked[0] + linked[1]).toBe(50);
    expect(await snapshot(deferred)).toEqual(await snapshot(direct));
  });
});

// 400 posts over ten days, half of them before 1970 (days rounded down), four tags each from a
// small vocabulary, some without an owner or a place: 1,600 tag links.
const manyPosts: IngestBatch = {
  places: [0, 1, 2, 3].map((n) => ({
    id: `pl${n}`,
    title: `Place ${n}`,
    titleKey: `place ${n}`,
    count: n,
  })),
  posts: Array.from({ length: 400 }, (_, i) =>
    post(
      `p${i}`,
      (i % 2 ? 0 : -T0 - 5 * DAY) + ((i * 7919) % (10 * DAY)),
      [`a${i % 13}`, `b${(i * 7) % 29}`, `c${i % 3}`, `d${(i * 11) % 97}`],
      {
        owner: i % 5 === 0 ? null : `o${i % 9}`,
        placeId: i % 3 === 0 ? `pl${i % 4}` : null,
      },
    ),
  ),
  network: 'instagram',
  source: 'test',
  now: 1000,
};

describe.skipIf(!testDialects.includes('postgres'))(
  'linkPendingPosts on PostgreSQL (two connections)',
  () => {
    it('writes what storing the posts linked writes, days before 1970 included, with two link steps at once', async () => {
      const { direct, deferred } = await storedBothWays('postgres', [manyPosts]);
      const linked = await Promise.all([
        linkPendingPosts(deferred, linkedAt),
        linkPendingPosts(deferred, linkedAt),
      ]);
      expect(linked[0] + linked[1]).toBe(400);
      const stored = await snapshot(deferred);
      expect(stored.dailyUses.some((uses) => uses.day < 0)).toBe(true);
      expect(stored.placeLinks.length).toBeGreaterThan(0);
      expect(stored).toEqual(await snapshot(direct));
    });

    it('makes a live ingest that repeats a pending post wait for the link step, then link the tags it adds', async () => {
      const { direct, deferred } = await storedBothWays('postgres', [manyPosts]);
      const repeat: IngestBatch = {
        posts: [post('p3', manyPosts.posts![3]!.takenAt - T0, ['latecomer', 'a3'])],
        network: 'instagram',
        source: 'test',
        now: 2000,
      };
      await storeIngest(direct, repeat);
      const waitingOnLocks = async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(deferred.db);
        return rows[0]!.n;
      };
      const until = async (condition: () => Promise<boolean>) => {
        while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      // Another session holds the daily uses, so the link step stops there, its tag links read.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holder = deferred.db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        await sql`lock table hashtag_daily_uses in exclusive mode`.execute(connection);
        await released;
        await sql`commit`.execute(connection);
      });
      await until(async () => (await waitingOnLocks()) === 0);
      const linking = linkPendingPosts(deferred, linkedAt);
      await until(async () => (await waitingOnLocks()) >= 1);
      // Meanwhile a live ingest brings p3 again with a tag it did not have.
      let repeated = false;
      const repeating = storeIngest(deferred, repeat).finally(() => {
        repeated = true;
      });
      await until(async () => repeated || (await waitingOnLocks()) >= 2);
      release();
      await holder;
      expect(await linking).toBe(400);
      await repeating;
      expect(await snapshot(deferred)).toEqual(await snapshot(direct));
    });

    it('leaves the posts pending, their uses uncounted, when the marking fails after the tag and place links are in; the next run completes them', async () => {
      const { direct, deferred } = await storedBothWays('postgres');
      // A fault in the transaction that writes the uses and marks the posts: the marking is refused.
      await sql`create function refuse_linking() returns trigger language plpgsql as $$
              begin raise exception 'linking refused for the test'; end $$`.execute(deferred.db);
      await sql`create trigger refuse_linking before update of linked on posts
              for each statement execute function refuse_linking()`.execute(deferred.db);
      await expect(linkPendingPosts(deferred, linkedAt)).rejects.toThrow('linking refused for the test');

      const stopped = await snapshot(deferred);
      const complete = await snapshot(direct);
      expect(stopped.links).toEqual(complete.links);
      expect(stopped.placeLinks).toEqual(complete.placeLinks);
      expect(complete.placeLinks).not.toEqual([]);
      expect(stopped.dailyUses).toEqual([]);
      expect(stopped.ownerLinks).toEqual([]);
      const pending = await deferred.db.selectFrom('posts').select('id').where('linked', '=', 0).execute();
      expect(pending).toHaveLength(5);

      await sql`drop trigger refuse_linking on posts`.execute(deferred.db);
      expect(await linkPendingPosts(deferred, linkedAt)).toBe(5);
      expect(await snapshot(deferred)).toEqual(await snapshot(direct));
    });
  },
);

describe('linkPendingPosts on SQLite (links sorted in memory)', () => {
  it.each([
    ['one transaction (statements of 1,000 rows and a shorter last one)', 1000],
    ['transactions of 7 posts', 7],
  ])('in %s writes what storing the posts linked writes', async (_, postsPerTransaction) => {
    const { direct, deferred } = await storedBothWays('sqlite', [manyPosts]);

    expect(
      await linkPendingPostsSqlite(deferred.sqlite!, { ...linkedAt, postsPerTransaction, lockBreakMs: 0 }),
    ).toBe(400);
    const linked = await snapshot(deferred);
    expect(linked.links).toHaveLength(1600);
    expect(linked.dailyUses.some((uses) => uses.day < 0)).toBe(true);
    expect(linked).toEqual(await snapshot(direct));
    expect(
      await linkPendingPostsSqlite(deferred.sqlite!, { ...linkedAt, postsPerTransaction, lockBreakMs: 0 }),
    ).toBe(0);
  });

  it('leaves the write lock free between transactions, so a running server can write meanwhile', async () => {
    const database = await freshDatabase('sqlite');
    await storeIngest(database, manyPosts, { deferLinks: true });
    const server = new SqliteDatabase(database.sqlite!.name);
    server.pragma('busy_timeout = 0');
    const pendingWhenServerWrote: number[] = [];
    // The server's write, due while the posts are being linked 100 at a time.
    setImmediate(() => {
      server
        .prepare("insert into hashtags (network, name, updated_at) values ('instagram', 'fromserver', 1)")
        .run();
      const { pending } = server.prepare('select count(*) as pending from posts where linked = 0').get() as {
        pending: number;
      };
      pendingWhenServerWrote.push(pending);
    });
    expect(await linkPendingPostsSqlite(database.sqlite!, { ...linkedAt, postsPerTransaction: 100 })).toBe(
      400,
    );
    server.close();
    expect(pendingWhenServerWrote).toHaveLength(1);
    expect(pendingWhenServerWrote[0]).toBeGreaterThan(0);
  });

  it('leaves the posts pending, with nothing written, when a tag id is too large to sort', async () => {
    const database = await freshDatabase('sqlite');
    await storeIngest(database, manyPosts, { deferLinks: true });
    await database.db
      .updateTable('posts')
      .set({ tag_ids: '1,8589934592' })
      .where('post_id', '=', 'p7')
      .execute();

    await expect(linkPendingPostsSqlite(database.sqlite!, linkedAt)).rejects.toThrow(
      /tag id 8589934592 is out of range/,
    );
    const after = await snapshot(database);
    expect([after.links, after.dailyUses, after.placeLinks, after.ownerLinks]).toEqual([[], [], [], []]);
    const pending = await database.db.selectFrom('posts').select('id').where('linked', '=', 0).execute();
    expect(pending).toHaveLength(400);
  });
});
