import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { createHashtagContext } from './hashtags.context.js';
import { findRelatedTags, type HashtagContext, type RelatedList } from './hashtags.service.js';
import { storeIngest } from './ingest.repository.js';
import { RelatedCache } from './related-cache.js';

const T0 = 1_700_000_000;
const WINDOW = 20;
const MINUTE = 60_000;

/** A context as the app builds it, on its own connection (a server process of its own), with a clock. */
function contextOn(database: Database, clock: { now: number }): HashtagContext {
  return {
    ...createHashtagContext(database, {
      RELATED_POST_WINDOW: WINDOW,
      RELATED_CACHE_SECONDS: 60,
      RELATED_CACHE_ENTRIES: 100,
      DEFAULT_NETWORK: ['instagram'],
    }),
    related: new RelatedCache<RelatedList>({
      maxAgeMs: MINUTE,
      maxEntries: 100,
      newPostShare: 0.1,
      now: () => clock.now,
    }),
  };
}

let nextPost = 0;
async function addPosts(database: Database, count: number, tags: string[]): Promise<void> {
  const posts = Array.from({ length: count }, () => {
    nextPost++;
    return { postId: `p${nextPost}`, owner: 'o1', takenAt: T0 + nextPost, placeId: null, hashtags: tags };
  });
  await storeIngest(database, { posts, network: 'instagram', source: 'test', now: 1000 });
}

const namesOf = (list: RelatedList) => list.related_tags.map((tag) => tag.hashtag);

describe.each(testDialects)('related-tag cache on %s', (dialect) => {
  let testDatabase: TestDatabase;
  let otherConnection: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(dialect);
    await migrateToLatest(testDatabase.database);
    otherConnection = connectDatabase(testDatabase.url);
    // #surf: 20 posts with #waves; a full window, so its list waits for 2 newer posts (a tenth).
    await addPosts(testDatabase.database, WINDOW, ['surf', 'waves']);
  });
  afterAll(async () => {
    await otherConnection?.close();
    await testDatabase?.drop();
  });

  const wavesSubcount = async (reader: HashtagContext) => {
    const list = await findRelatedTags(reader, { kind: 'hashtag', network: 'instagram', name: 'surf' });
    return list.related_tags.find((tag) => tag.hashtag === 'waves')?.subcount;
  };

  it('serves a list until a tenth of its posts are newer, written by another process', async () => {
    const reader = contextOn(otherConnection, { now: 0 });
    expect(await wavesSubcount(reader)).toBe(20);
    // One newer post of the 20 read is under a tenth: the list stands (a fresh one would say 19).
    await addPosts(testDatabase.database, 1, ['surf', 'board']);
    expect(await wavesSubcount(reader)).toBe(20);
    // The second is a tenth: the list is redone.
    await addPosts(testDatabase.database, 1, ['surf', 'board']);
    const list = await findRelatedTags(reader, { kind: 'hashtag', network: 'instagram', name: 'surf' });
    expect(namesOf(list).sort()).toEqual(['board', 'waves']);
    expect(await wavesSubcount(reader)).toBe(18);
  });

  it('redoes a list once it is a minute old, whatever arrived', async () => {
    const clock = { now: 0 };
    const reader = contextOn(otherConnection, clock);
    expect(await wavesSubcount(reader)).toBe(18);
    await addPosts(testDatabase.database, 1, ['surf', 'tide']);
    clock.now = MINUTE - 1;
    expect(await wavesSubcount(reader)).toBe(18);
    clock.now = MINUTE;
    expect(await wavesSubcount(reader)).toBe(17);
  });

  it('redoes the list of a small item on its first new post', async () => {
    const clock = { now: 0 };
    const reader = contextOn(otherConnection, clock);
    expect(
      namesOf(await findRelatedTags(reader, { kind: 'hashtag', network: 'instagram', name: 'kite' })),
    ).toEqual([]);
    await addPosts(testDatabase.database, 2, ['kite', 'wind']);
    expect(
      namesOf(await findRelatedTags(reader, { kind: 'hashtag', network: 'instagram', name: 'kite' })),
    ).toEqual(['wind']);
    await addPosts(testDatabase.database, 2, ['kite', 'beach']);
    expect(
      namesOf(await findRelatedTags(reader, { kind: 'hashtag', network: 'instagram', name: 'kite' })),
    ).toEqual(['beach', 'wind']);
  });

  it('keeps one list per ranking, each right for its ranking', async () => {
    const reader = contextOn(otherConnection, { now: 0 });
    const item = { kind: 'hashtag', network: 'instagram', name: 'kite' } as const;
    const bySpec = await findRelatedTags(reader, item, 'spec');
    const byPopularity = await findRelatedTags(reader, item, 'popularity');
    const fresh = contextOn(otherConnection, { now: 0 });
    expect(await findRelatedTags(fresh, item, 'popularity')).toEqual(byPopularity);
    expect(await findRelatedTags(fresh, item, 'spec')).toEqual(bySpec);
  });
});

describe('RelatedCache', () => {
  const source = (value: { n: number }, computed: { times: number }) => ({
    compute: async () => {
      computed.times++;
      await new Promise((resolve) => setImmediate(resolve));
      return { value, postCount: 500, newest: { takenAt: 1, postId: 1 } };
    },
    countNewer: async () => 0,
  });

  it('computes concurrent misses of one key once', async () => {
    const cache = new RelatedCache<{ n: number }>({ maxAgeMs: MINUTE, maxEntries: 10, newPostShare: 0.1 });
    const computed = { times: 0 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.get('k', source({ n: 1 }, computed))),
    );
    expect(computed.times).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('serves a list checked within recheckAfterMs from memory, then checks the store again', async () => {
    const clock = { now: 0 };
    const cache = new RelatedCache<{ n: number }>({
      maxAgeMs: MINUTE,
      maxEntries: 10,
      newPostShare: 0.1,
      recheckAfterMs: 1000,
      now: () => clock.now,
    });
    const counts = { calls: 0, newer: 0 };
    const store = {
      compute: async () => ({ value: { n: counts.newer }, postCount: 20, newest: { takenAt: 1, postId: 1 } }),
      countNewer: async () => {
        counts.calls++;
        return counts.newer;
      },
    };
    expect(await cache.get('k', store)).toEqual({ n: 0 });
    counts.newer = 5;
    clock.now = 999;
    // Within a second of the computation: no round trip, the list as it was.
    expect(await cache.get('k', store)).toEqual({ n: 0 });
    expect(counts.calls).toBe(0);
    clock.now = 1000;
    // Checked again: 5 newer posts of 20 is over a tenth, so the list is redone.
    expect(await cache.get('k', store)).toEqual({ n: 5 });
    expect(counts.calls).toBe(1);
    counts.newer = 0;
    clock.now = 2500;
    expect(await cache.get('k', store)).toEqual({ n: 5 });
    clock.now = 3000;
    expect(await cache.get('k', store)).toEqual({ n: 5 });
    // The check at 2500 found it fresh, so 3000 is within its second: still one call since.
    expect(counts.calls).toBe(2);
  });

  it('keeps at most maxEntries lists, dropping the least recently used', async () => {
    const cache = new RelatedCache<{ n: number }>({ maxAgeMs: MINUTE, maxEntries: 3, newPostShare: 0.1 });
    const computed = { times: 0 };
    for (const key of ['a', 'b', 'c', 'a', 'd']) await cache.get(key, source({ n: 1 }, computed));
    expect(cache.size).toBe(3);
    expect(computed.times).toBe(4);
    await cache.get('a', source({ n: 1 }, computed));
    expect(computed.times).toBe(4);
    await cache.get('b', source({ n: 1 }, computed));
    expect(computed.times).toBe(5);
  });
});
