import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../db/connect.js';
import type { Tables } from '../../db/tables.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createHashtagContext } from '../related/related.context.js';
import {
  findHashtagWindows,
  findRelatedTags,
  forgetCachedTags,
  type HashtagContext,
  type HashtagWindow,
} from '../related/related.service.js';
import { storeIngest } from '../store/store.repository.js';
import { ingestRecommend } from '../store/store.service.js';
import { setBannedTags } from './banned-tags.service.js';
import { insertIndexingHashtags } from './indexing.repository.js';
import { autocompleteHashtags, findHashtagInfo } from './search.service.js';

/** A connection that counts the statements it sends to the store (each a round trip on PostgreSQL). */
interface CountingDatabase {
  database: Database;
  statements(): number;
}

function countingDatabase(dialect: 'sqlite' | 'postgres', url: string): CountingDatabase {
  let statements = 0;
  if (dialect === 'postgres') {
    const database = connectDatabase(url);
    // Every query takes a client from the pool, Kysely's and the prepared ones alike.
    database.pool!.on('acquire', () => statements++);
    return { database, statements: () => statements };
  }
  const sqlite = new SqliteDatabase(url, { verbose: () => statements++ });
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    database: { db, dialect: 'sqlite', sqlite, close: () => db.destroy() },
    statements: () => statements,
  };
}

const NAMES = Array.from({ length: 97 }, (_, i) => `tag${i}`);

describe.each(testDialects)('tags’ rows kept in memory on %s', (dialect) => {
  let testApp: TestApp;
  /** Another process's connection: everything it writes reaches `context` only through the store. */
  let writer: Database;
  let reader: CountingDatabase;
  let context: HashtagContext;

  const countsOf = async (names: readonly string[]) =>
    (await findHashtagInfo(context, { names: names.join(','), recommended: false, network: 'instagram' }))
      .data;
  const countOf = async (name: string) => (await countsOf([name]))[0]!;
  const exactOf = async (query: string) =>
    (await autocompleteHashtags(context, { query, network: 'instagram' })).hashtags.find(
      (tag) => tag.hashtag === query,
    );
  /** The tracker's next read, which the server makes about once a second in the background. */
  const nextRead = () => context.postTracker.catchUp();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
    writer = connectDatabase(testApp.testDatabase.url);
    await storeIngest(writer, {
      network: 'instagram',
      source: 'test',
      now: Date.now(),
      hashtags: NAMES.map((name, i) => ({ name, count: 1000 + i })),
    });
  });
  afterAll(async () => {
    await writer.close();
    await testApp.close();
  });
  beforeEach(async () => {
    reader = countingDatabase(dialect, testApp.testDatabase.url);
    // As the server runs: new posts read in the background, not on requests (a minute apart here, so
    // each test says when the next read happens).
    context = createHashtagContext(reader.database, {
      ...testApp.app.config,
      RELATED_CACHE_RECHECK_MS: 60_000,
      AUTOCOMPLETE_CACHE_SECONDS: 30,
    });
    await nextRead();
  });
  afterEach(async () => {
    await context.postTracker.stop();
    await reader.database.close();
  });

  it('answers a 100-name count lookup asked before without a statement to the store', async () => {
    const asked = [...NAMES, 'notatag', 'neverseen', 'not a tag'];
    const first = await countsOf(asked);
    expect(first.slice(0, 3).map((tag) => tag.count)).toEqual([1000, 1001, 1002]);
    expect(first.slice(-3).map((tag) => tag.count)).toEqual([-1, -1, -1]);
    const before = reader.statements();
    expect(await countsOf(asked)).toEqual(first);
    expect(reader.statements()).toBe(before);
  });

  it('answers the tag typed in full, and a name the store lacks, without a statement once asked', async () => {
    expect((await exactOf('tag5'))?.count).toBe(1005);
    await exactOf('tag5x');
    const before = reader.statements();
    expect((await exactOf('tag5'))?.count).toBe(1005);
    expect(await exactOf('tag5x')).toBeUndefined();
    expect(reader.statements()).toBe(before);
  });

  it('serves a count from memory until the next read after another connection writes a post with the tag', async () => {
    expect((await countOf('tag10')).count).toBe(1010);
    expect((await countOf('freshtag')).count).toBe(-1);
    await ingestRecommend(
      writer,
      {
        hashtag: { hashtag: 'tag10', count: 5555 },
        posts: [
          { post_id: 'p-fresh', owner: 'o', timestamp: 1_700_000_000, hashtags: ['tag10', 'freshtag'] },
        ],
      },
      { network: 'instagram', source: 'test', now: Date.now() },
    );
    // Memory until the tracker reads the store again: within its interval (a second by default).
    expect((await countOf('tag10')).count).toBe(1010);
    await nextRead();
    expect((await countOf('tag10')).count).toBe(5555);
    // A tag first seen in that post: now held, its count unknown (-2, "look it up").
    expect((await countOf('freshtag')).count).toBe(-2);
    expect((await exactOf('freshtag'))?.count).toBe(-2);
  });

  it('sees changes another connection makes without posts (counts, indexing) at the next read', async () => {
    expect((await countOf('tag20')).count).toBe(1020);
    expect(await exactOf('beingindexed')).toBeUndefined();
    await storeIngest(writer, {
      network: 'instagram',
      source: 'test',
      now: Date.now(),
      hashtags: [{ name: 'tag20', count: 42 }],
    });
    await insertIndexingHashtags(writer, { network: 'instagram', names: ['beingindexed'], now: Date.now() });
    await nextRead();
    expect((await countOf('tag20')).count).toBe(42);
    expect(await exactOf('beingindexed')).toMatchObject({ count: -1, indexing: true });
    expect((await countsOf(['beingindexed']))[0]).toMatchObject({ count: -1, indexing: true });
  });

  describe('rows read by id, as related lists and suggestion windows read their tags', () => {
    const CO_TAGS = ['tag1', 'tag2', 'tag3', 'tag4', 'tag5'];
    let written = false;
    beforeEach(async () => {
      if (written) return;
      written = true;
      // #alpha and #beta: 3 posts each by 3 people, both with the same five other tags.
      await storeIngest(writer, {
        network: 'instagram',
        source: 'test',
        now: Date.now(),
        posts: ['alpha', 'beta'].flatMap((tag, t) =>
          [0, 1, 2].map((i) => ({
            postId: `${tag}-${i}`,
            owner: `person-${t}-${i}`,
            takenAt: 1_700_000_000 + 10 * t + i,
            placeId: null,
            hashtags: [tag, ...CO_TAGS],
          })),
        ),
      });
      await nextRead();
    });
    const windowOf = async (name: string) =>
      (await findHashtagWindows(context, { network: 'instagram', names: [name] }))[0]!;
    /** A tag's count as a window read it (NaN: unknown), undefined when not in the window. */
    const countIn = (window: HashtagWindow, name: string) => {
      const at = window.names.indexOf(name);
      return at < 0 ? undefined : window.digest.counts?.[at];
    };

    it('reads a tag row once: a related list of tags a window read reads only its posts, counts by name none', async () => {
      expect(countIn(await windowOf('alpha'), 'tag3')).toBe(1003);
      let before = reader.statements();
      const related = await findRelatedTags(context, {
        kind: 'hashtag',
        network: 'instagram',
        name: 'alpha',
      });
      expect(related.related_tags.map((tag) => tag.hashtag)).toEqual(CO_TAGS);
      expect(reader.statements() - before).toBe(1);
      before = reader.statements();
      expect((await countsOf(CO_TAGS)).map((tag) => tag.count)).toEqual([1001, 1002, 1003, 1004, 1005]);
      expect(reader.statements()).toBe(before);
    });

    it('reads rows again by id once they are older than the cache keeps them', async () => {
      let time = Date.now();
      const timed = createHashtagContext(reader.database, {
        ...testApp.app.config,
        RELATED_CACHE_RECHECK_MS: 60_000,
        now: () => time,
      });
      try {
        await timed.postTracker.catchUp();
        await findHashtagWindows(timed, { network: 'instagram', names: ['alpha'] });
        time += testApp.app.config.RELATED_CACHE_SECONDS * 1000 + 1;
        const before = reader.statements();
        const related = await findRelatedTags(timed, {
          kind: 'hashtag',
          network: 'instagram',
          name: 'alpha',
        });
        expect(related.related_tags.map((tag) => tag.hashtag)).toEqual(CO_TAGS);
        // alpha's posts, then the rows of its tags: its window read them too long ago.
        expect(reader.statements() - before).toBe(2);
      } finally {
        await timed.postTracker.stop();
      }
    });

    it('reads a row again after a post carrying the tag, once the tracker has seen it', async () => {
      expect(countIn(await windowOf('alpha'), 'tag4')).toBe(1004);
      await ingestRecommend(
        writer,
        {
          hashtag: { hashtag: 'tag4', count: 7777 },
          posts: [{ post_id: 'p-tag4', owner: 'o4', timestamp: 1_600_000_000, hashtags: ['tag4'] }],
        },
        { network: 'instagram', source: 'test', now: Date.now() },
      );
      await nextRead();
      expect(countIn(await windowOf('beta'), 'tag4')).toBe(7777);
    });

    it('leaves out a tag seen only in crowd posts, also once its row was read by name', async () => {
      // #gamma (known) in three people's crowd posts with #crowdonly, which only the crowd has seen.
      for (const person of ['c1', 'c2', 'c3'])
        await storeIngest(writer, {
          network: 'instagram',
          source: 'crowd',
          submittedBy: person,
          newTagsPending: true,
          now: Date.now(),
          posts: [
            {
              postId: `gamma-${person}`,
              owner: null,
              takenAt: 1_700_000_100,
              placeId: null,
              hashtags: ['tag7', 'crowdonly'],
            },
          ],
        });
      await nextRead();
      expect((await countsOf(['crowdonly']))[0]).toMatchObject({ hashtag: 'crowdonly', count: -2 });
      const related = await findRelatedTags(context, { kind: 'hashtag', network: 'instagram', name: 'tag7' });
      expect(related.related_tags.map((tag) => tag.hashtag)).not.toContain('crowdonly');
      expect((await windowOf('tag7')).names.includes('crowdonly')).toBe(false);
    });
  });

  it('sees a ban at once in the process that made it, and at the next read in another', async () => {
    const other = createHashtagContext(reader.database, {
      ...testApp.app.config,
      RELATED_CACHE_RECHECK_MS: 60_000,
    });
    await other.postTracker.catchUp();
    const bannedIn = async (target: HashtagContext) =>
      (await findHashtagInfo(target, { names: 'tag30', recommended: false, network: 'instagram' })).data[0]!
        .banned ?? false;
    try {
      expect(await bannedIn(context)).toBe(false);
      expect(await bannedIn(other)).toBe(false);
      await setBannedTags(writer, ['tag30'], Date.now());
      // What the admin route does after writing the list.
      forgetCachedTags(context);
      expect(await bannedIn(context)).toBe(true);
      expect(await bannedIn(other)).toBe(false);
      await other.postTracker.catchUp();
      expect(await bannedIn(other)).toBe(true);
    } finally {
      await setBannedTags(writer, [], Date.now());
      await other.postTracker.stop();
    }
  });
});
