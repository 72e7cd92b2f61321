import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DialectName } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { CountState } from '../../db/tables.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { findRecentPosts, type ItemKey } from '../related/related.repository.js';
import { storeIngest } from '../store/store.repository.js';
import type { HashtagRow } from './hashtag-row.js';
import { insertIndexingHashtags } from './indexing.repository.js';
import {
  countHashtagsByKeyPrefix,
  findHashtagsByKeyPrefix,
  findHashtagsByNames,
  findTopHashtagsByKeyPrefix,
  replaceBannedTags,
} from './search.repository.js';
import { HOT_SQL } from './search-postgres.repository.js';
import { hotStatements } from './search-sqlite.repository.js';

/**
 * The hot reads (autocomplete, counts, the tag typed in full, related windows) have one version per
 * dialect: prepared statements on SQLite, named prepared statements or Kysely on PostgreSQL. The same
 * posts and tags go into a database of each dialect under test, and every read must answer the same
 * on all of them, and what is written here.
 */

const T0 = 1_700_000_000;
const NOW = 1_700_000_000_000;
const network = 'instagram';

interface Store {
  dialect: DialectName;
  testDatabase: TestDatabase;
}
const stores: Store[] = [];

beforeAll(async () => {
  for (const dialect of testDialects) {
    const testDatabase = await createTestDatabase(dialect);
    stores.push({ dialect, testDatabase });
    await migrateToLatest(testDatabase.database);
    await loadStore(testDatabase.database);
  }
});
afterAll(async () => {
  for (const { testDatabase } of stores) await testDatabase.drop();
});

/** Counted tags with ties, accents and emoji; posts whose tags stay uncounted; crowd, indexing, banned. */
async function loadStore(database: Database): Promise<void> {
  const post = (postId: string, takenAt: number, hashtags: string[], more = {}) => ({
    postId,
    owner: 'u1',
    takenAt,
    placeId: 'pl1',
    hashtags,
    ...more,
  });
  await storeIngest(database, {
    hashtags: [
      { name: 'sun', count: 500 },
      { name: 'sunset', count: 900 },
      { name: 'sunrise', count: 900 },
      { name: 'sunflower', count: 300 },
      { name: 'sunny', count: 20 },
      { name: 'cafe', count: 60 },
      { name: 'café', count: 50 },
      { name: 'beach', count: 40 },
      { name: '🍕', count: 70 },
      { name: '🍕lover', count: 30 },
      { name: 'phở', count: 8 },
      { name: 'łódź', count: 4 },
      { name: 'crème-brûlée', count: 3 },
    ],
    places: [{ id: 'pl1', title: 'Lisboa', titleKey: 'lisboa', count: 10 }],
    profiles: [{ id: 'u1', username: 'ana' }],
    posts: [
      post('p1', T0, ['sunset', 'sunrise', 'beach']),
      post('p2', T0 + 1, ['sunset', 'beach', 'café']),
      post('p3', T0 + 2, ['sunset', 'sunbeam'], { owner: 'u2', placeId: null }),
    ],
    network,
    source: 'test',
    now: NOW,
  });
  // Same time as p3, stored later: the newer row comes first.
  await storeIngest(database, {
    posts: [post('p4', T0 + 2, ['sunset', 'beach'], { placeId: null })],
    network,
    source: 'test',
    now: NOW,
  });
  await storeIngest(database, {
    hashtags: [
      { name: 'sunset', count: 5 },
      { name: 'sunshine', count: 7 },
    ],
    network: 'bluesky',
    source: 'test',
    now: NOW,
  });
  await storeIngest(database, {
    posts: [
      post('c1', T0 + 3, ['sunset', 'sunpending'], { owner: 'u3', placeId: null }),
      post('c2', T0 + 4, ['sunset', 'sunpending', 'beach'], { owner: 'u3', placeId: null }),
    ],
    network,
    source: 'crowd',
    submittedBy: 'crowd-a',
    newTagsPending: true,
    now: NOW,
  });
  await insertIndexingHashtags(database, { network, names: ['sunindex', 'sunset'], now: NOW });
  await replaceBannedTags(database, ['sunny'], NOW);
}

/** The read's answer on every dialect under test, which must all be the first's. */
async function agreed<T>(read: (database: Database) => Promise<T>): Promise<T> {
  const answers: { dialect: DialectName; answer: T }[] = [];
  for (const { dialect, testDatabase } of stores)
    answers.push({ dialect, answer: await read(testDatabase.database) });
  const [first, ...others] = answers;
  for (const other of others) {
    expect(other.answer, `${other.dialect} answers as ${first!.dialect}`).toEqual(first!.answer);
  }
  return first!.answer;
}

const row = (name: string, post_count: number, count_state: CountState, banned = 0): HashtagRow => ({
  name,
  post_count,
  count_state,
  banned,
});
const byName = (rows: HashtagRow[]) => [...rows].sort((a, b) => (a.name < b.name ? -1 : 1));

describe('hot reads answer the same on every dialect', () => {
  it('autocomplete by prefix: most used first, ties by name, byte order, no pending tags', async () => {
    const sun = await agreed((database) =>
      findHashtagsByKeyPrefix(database, { network, keyPrefix: 'sun', except: 'sun', limit: 50 }),
    );
    expect(sun).toEqual([
      row('sunrise', 900, 'known'),
      row('sunset', 900, 'known'),
      row('sunflower', 300, 'known'),
      row('sunny', 20, 'known', 1),
      row('sunbeam', -1, 'lookup'),
      row('sunindex', -1, 'indexing'),
    ]);
    expect(
      await agreed((database) =>
        findHashtagsByKeyPrefix(database, { network, keyPrefix: 'sun', except: 'sun', limit: 2 }),
      ),
    ).toEqual(sun.slice(0, 2));
    expect(
      await agreed((database) =>
        findHashtagsByKeyPrefix(database, { network, keyPrefix: 'caf', except: 'caf', limit: 50 }),
      ),
    ).toEqual([row('cafe', 60, 'known'), row('café', 50, 'known')]);
    expect(
      await agreed((database) =>
        findHashtagsByKeyPrefix(database, { network, keyPrefix: 'cafe', except: 'cafe', limit: 50 }),
      ),
    ).toEqual([row('café', 50, 'known')]);
    expect(
      await agreed((database) =>
        findHashtagsByKeyPrefix(database, { network, keyPrefix: 'cafe', except: 'café', limit: 50 }),
      ),
    ).toEqual([row('cafe', 60, 'known')]);
    expect(
      await agreed((database) =>
        findHashtagsByKeyPrefix(database, { network, keyPrefix: '🍕', except: '🍕', limit: 50 }),
      ),
    ).toEqual([row('🍕lover', 30, 'known')]);
    expect(
      await agreed((database) =>
        findHashtagsByKeyPrefix(database, { network: 'bluesky', keyPrefix: 'sun', except: 'sun', limit: 50 }),
      ),
    ).toEqual([row('sunshine', 7, 'known'), row('sunset', 5, 'known'), row('sunny', -1, 'unknown', 1)]);
  });

  it('autocomplete by the search key: accents typed or not, the tag as stored', async () => {
    const matches = (keyPrefix: string, except = keyPrefix) =>
      agreed((database) => findHashtagsByKeyPrefix(database, { network, keyPrefix, except, limit: 50 }));
    expect(await matches('pho')).toEqual([row('phở', 8, 'known')]);
    expect(await matches('lodz')).toEqual([row('łódź', 4, 'known')]);
    expect(await matches('creme-b')).toEqual([row('crème-brûlée', 3, 'known')]);
    // A key prefix is folded: one with accents finds nothing.
    expect(await matches('café')).toEqual([]);
    expect(
      await agreed((database) =>
        findTopHashtagsByKeyPrefix(database, {
          network,
          keyPrefix: 'caf',
          except: 'caf',
          limit: 2,
          among: 100,
        }),
      ),
    ).toEqual([row('cafe', 60, 'known'), row('café', 50, 'known')]);
  });

  it('autocomplete reads one range of hashtags_search, not the table; names their own index', async () => {
    for (const { dialect, testDatabase } of stores) {
      const { database } = testDatabase;
      const values = [network, 'caf', 'caf\u{10FFFF}', 'caf', 50];
      if (dialect === 'sqlite') {
        const source = hotStatements(database.sqlite!).byKeyPrefix.source;
        const plan = database.sqlite!.prepare(`explain query plan ${source}`).all(...values) as {
          detail: string;
        }[];
        expect(plan.map((step) => step.detail)).toContainEqual(
          'SEARCH hashtags USING COVERING INDEX hashtags_search (network=? AND <expr>>? AND <expr><?)',
        );
        // Names are looked up one by one, not found among all the network's keys.
        const byNames = hotStatements(database.sqlite!).byNames.source;
        const namesPlan = database.sqlite!.prepare(`explain query plan ${byNames}`).all(network, '[]') as {
          detail: string;
        }[];
        expect(namesPlan.map((step) => step.detail)).toContainEqual(
          'SEARCH hashtags USING INDEX hashtags_network_name (network=? AND name=?)',
        );
        continue;
      }
      const client = await database.pool!.connect();
      try {
        await client.query('begin');
        // So few rows read faster whole: the planner is asked whether the index can answer.
        await client.query('set local enable_seqscan = off');
        const { rows } = await client.query({ text: `explain ${HOT_SQL.byKeyPrefix}`, values });
        const plan = rows.map((line: { 'QUERY PLAN': string }) => line['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/Index Only Scan using hashtags_search on hashtags/);
        expect(plan).toMatch(
          /Index Cond: .*COALESCE\(search_key, name\)\) >= .*COALESCE\(search_key, name\)\) < /,
        );
        expect(plan).not.toMatch(/Seq Scan/);
      } finally {
        await client.query('rollback');
        client.release();
      }
    }
  });

  it('autocomplete among the most used tags, or undefined when they hold too few', async () => {
    const top = (among: number, limit: number) =>
      agreed((database) =>
        findTopHashtagsByKeyPrefix(database, { network, keyPrefix: 'sun', except: 'sun', limit, among }),
      );
    expect(await top(3, 2)).toEqual([row('sunrise', 900, 'known'), row('sunset', 900, 'known')]);
    expect(await top(3, 3)).toBeUndefined();
    expect(await top(100, 6)).toEqual(
      await agreed((database) =>
        findHashtagsByKeyPrefix(database, { network, keyPrefix: 'sun', except: 'sun', limit: 6 }),
      ),
    );
  });

  it('counts of a key prefix, pending tags and the prefix itself included, up to the cap', async () => {
    const count = (prefix: string, cap: number) =>
      agreed((database) => countHashtagsByKeyPrefix(database, { network, keyPrefix: prefix, cap }));
    expect(await count('sun', 100)).toBe(8);
    expect(await count('sun', 3)).toBe(3);
    expect(await count('caf', 100)).toBe(2);
    expect(await count('cafe', 100)).toBe(2);
    expect(await count('pho', 100)).toBe(1);
    expect(await count('zzz', 100)).toBe(0);
  });

  it('counts of names: the rows the network holds, pending and unknown ones too', async () => {
    const names = ['sunset', 'sunpending', 'sunindex', 'café', 'missing', '🍕', 'sunny'];
    const rows = await agreed(async (database) =>
      byName(await findHashtagsByNames(database, network, names)),
    );
    expect(rows).toEqual(
      byName([
        row('sunset', 900, 'known'),
        row('sunpending', -1, 'pending'),
        row('sunindex', -1, 'indexing'),
        row('café', 50, 'known'),
        row('🍕', 70, 'known'),
        row('sunny', 20, 'known', 1),
      ]),
    );
    expect(await agreed((database) => findHashtagsByNames(database, network, []))).toEqual([]);
  });

  it('the tag typed in full', async () => {
    const exact = (name: string) => agreed((database) => findHashtagsByNames(database, network, [name]));
    expect(await exact('sun')).toEqual([row('sun', 500, 'known')]);
    expect(await exact('sunpending')).toEqual([row('sunpending', -1, 'pending')]);
    expect(await exact('café')).toEqual([row('café', 50, 'known')]);
    expect(await exact('cafe')).toEqual([row('cafe', 60, 'known')]);
    expect(await exact('sunshine')).toEqual([]);
  });

  it('related windows: newest posts first, each author capped, pending tags left out', async () => {
    const sunset: ItemKey = { kind: 'hashtag', network, name: 'sunset' };
    expect(await agreed(windowOf({ item: sunset, window: 10 }))).toEqual({
      posts: [
        ['sunset', 'sunpending?', 'beach'],
        ['sunset', 'sunpending?'],
        ['sunset', 'beach'],
        ['sunset', 'sunbeam'],
        ['sunset', 'beach', 'café'],
        ['sunset', 'sunrise', 'beach'],
      ],
      authors: ['account:crowd-a', 'account:crowd-a', 'owner:u1', 'owner:u2', 'owner:u1', 'owner:u1'],
      tags: byName([
        row('beach', 40, 'known'),
        row('café', 50, 'known'),
        row('sunbeam', -1, 'lookup'),
        row('sunrise', 900, 'known'),
        row('sunset', 900, 'known'),
      ]),
    });
    // One post per author: the crowd account's older post and u1's older ones are left out, and the
    // window reads on past its first page to fill itself.
    expect(await agreed(windowOf({ item: sunset, window: 3, perAuthor: 1 }))).toEqual({
      posts: [
        ['sunset', 'sunpending?', 'beach'],
        ['sunset', 'beach'],
        ['sunset', 'sunbeam'],
      ],
      authors: ['account:crowd-a', 'owner:u1', 'owner:u2'],
      tags: byName([row('beach', 40, 'known'), row('sunbeam', -1, 'lookup'), row('sunset', 900, 'known')]),
    });
    expect(await agreed(windowOf({ item: sunset, window: 10, minPosts: 3 }))).toEqual({
      posts: [
        ['sunset', 'sunpending?', 'beach'],
        ['sunset', 'sunpending?'],
        ['sunset', 'beach'],
        ['sunset', 'sunbeam?'],
        ['sunset', 'beach', 'café?'],
        ['sunset', 'sunrise?', 'beach'],
      ],
      authors: ['account:crowd-a', 'account:crowd-a', 'owner:u1', 'owner:u2', 'owner:u1', 'owner:u1'],
      tags: byName([row('beach', 40, 'known'), row('sunset', 900, 'known')]),
    });
    expect(
      await agreed(windowOf({ item: { kind: 'hashtag', network, name: 'sunshine' }, window: 10 })),
    ).toEqual({ posts: [], authors: [], tags: [] });
  });

  it('related windows of a place and a profile', async () => {
    expect(await agreed(windowOf({ item: { kind: 'place', id: 'pl1' }, window: 10 }))).toEqual({
      posts: [
        ['sunset', 'beach', 'café'],
        ['sunset', 'sunrise', 'beach'],
      ],
      authors: ['owner:u1', 'owner:u1'],
      tags: byName([
        row('beach', 40, 'known'),
        row('café', 50, 'known'),
        row('sunrise', 900, 'known'),
        row('sunset', 900, 'known'),
      ]),
    });
    expect(await agreed(windowOf({ item: { kind: 'profile', id: 'u1' }, window: 2 }))).toEqual({
      posts: [
        ['sunset', 'beach'],
        ['sunset', 'beach', 'café'],
      ],
      authors: ['owner:u1', 'owner:u1'],
      tags: byName([row('beach', 40, 'known'), row('café', 50, 'known'), row('sunset', 900, 'known')]),
    });
  });
});

/**
 * findRecentPosts with tags by name, since ids may differ between dialects (a sequence moves on a
 * conflict on PostgreSQL): a post's tag the read left out is its name and "?".
 */
function windowOf(options: Parameters<typeof findRecentPosts>[1]) {
  return async (database: Database) => {
    const recent = await findRecentPosts(database, options);
    const ids = await database.db.selectFrom('hashtags').select(['id', 'name']).execute();
    const nameOf = new Map(ids.map(({ id, name }) => [id, name]));
    return {
      posts: recent.posts.map((post) => post.map((id) => recent.tags.get(id)?.name ?? `${nameOf.get(id)}?`)),
      authors: recent.authors,
      tags: byName([...recent.tags.values()]),
    };
  };
}
