import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectDatabase, type Database } from '../../db/connect.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { storeIngest } from '../store/store.repository.js';
import { type NewPostReader, NewPostTracker, type TrackedPost } from './new-post-tracker.js';
import { createHashtagContext } from './related.context.js';
import { findRelatedTags, type HashtagContext, type RelatedList } from './related.service.js';
import { RelatedCache } from './related-cache.js';

const T0 = 1_700_000_000;
const WINDOW = 20;
const MINUTE = 60_000;

/** A context as the app builds it, on its own connection (a server process of its own), with a clock. */
function contextOn(database: Database, clock: { now: number }, recheckMs = 0): HashtagContext {
  const context = createHashtagContext(database, {
    RELATED_POST_WINDOW: WINDOW,
    RELATED_CACHE_SECONDS: 60,
    RELATED_CACHE_ENTRIES: 100,
    RELATED_CACHE_RECHECK_MS: recheckMs,
    DEFAULT_NETWORK: ['instagram'],
    now: Date.now,
  });
  contexts.push(context);
  return {
    ...context,
    related: new RelatedCache<RelatedList>({
      maxAgeMs: MINUTE,
      maxEntries: 100,
      newPostShare: 0.1,
      tracker: context.postTracker,
      checkOnRequest: recheckMs === 0,
      now: () => clock.now,
    }),
  };
}
const contexts: HashtagContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.postTracker.stop();
});

let nextPost = 0;
async function addPosts(database: Database, count: number, tags: string[]): Promise<void> {
  const posts = Array.from({ length: count }, () => {
    nextPost++;
    return {
      postId: `p${nextPost}`,
      owner: `o${nextPost}`,
      takenAt: T0 + nextPost,
      placeId: null,
      hashtags: tags,
    };
  });
  await storeIngest(database, { posts, network: 'instagram', source: 'test', now: 1000 });
}

const namesOf = (list: RelatedList) => list.related_tags.map((tag) => tag.hashtag);

describe.each(testDialects)('related-tag cache on %s', (dialect) => {
  let testDatabase: TestDatabase;
  let otherConnection: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(dialect, { migrated: true });
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

  it('in the background, refreshes a list after another process writes, with no request waiting', async () => {
    const reader = contextOn(otherConnection, { now: 0 }, 20);
    const item = { kind: 'hashtag', network: 'instagram', name: 'reef' } as const;
    expect(namesOf(await findRelatedTags(reader, item))).toEqual([]);
    await addPosts(testDatabase.database, 2, ['reef', 'coral']);
    await vi.waitFor(async () => expect(namesOf(await findRelatedTags(reader, item))).toEqual(['coral']), {
      timeout: 5000,
    });
    // A list of 2 posts stands until 1 newer post: the tracker counts it, and the list is redone.
    await addPosts(testDatabase.database, 2, ['reef', 'fish']);
    await vi.waitFor(
      async () => expect(namesOf(await findRelatedTags(reader, item))).toEqual(['coral', 'fish']),
      { timeout: 5000 },
    );
  });

  it('keeps serving cached lists from memory when the store cannot be read, and logs that once', async () => {
    const lost = connectDatabase(testDatabase.url);
    const logged: string[] = [];
    const context = createHashtagContext(
      lost,
      {
        RELATED_POST_WINDOW: WINDOW,
        RELATED_CACHE_SECONDS: 60,
        RELATED_CACHE_ENTRIES: 100,
        RELATED_CACHE_RECHECK_MS: 5,
        DEFAULT_NETWORK: ['instagram'],
        now: Date.now,
      },
      { log: (message) => logged.push(message) },
    );
    contexts.push(context);
    const item = { kind: 'hashtag', network: 'instagram', name: 'surf' } as const;
    const before = await findRelatedTags(context, item);
    await lost.close();
    await vi.waitFor(() => expect(logged).toEqual(['Related lists: reading new posts failed']));
    // Several more passes fail; the answer is still the cached one, and nothing more is logged.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await findRelatedTags(context, item)).toEqual(before);
    expect(logged).toHaveLength(1);
  });
});

/** A store as the tracker reads it, in memory: posts by id, each with its tag ids. */
function fakeStore() {
  const posts: TrackedPost[] = [];
  const reader: NewPostReader = {
    lastPostId: async () => Math.max(0, ...posts.map((post) => post.id)),
    postsAfter: async (afterId, ids, limit) =>
      posts
        .filter((post) => post.id > afterId || ids.includes(post.id))
        .sort((a, b) => a.id - b.id)
        .slice(0, limit + ids.length),
    tagNames: async (ids) => new Map(ids.map((id) => [id, `t${id}`])),
  };
  const add = (id: number, tagIds: number[]) =>
    posts.push({ id, network: 'instagram', tagIds, placeId: null, owner: null });
  return { reader, add };
}

describe('NewPostTracker', () => {
  const tracker = (reader: NewPostReader) =>
    new NewPostTracker({ reader, intervalMs: 0, gapMs: MINUTE, log: () => {}, now: Date.now });

  it('counts a post that commits below the watermark (a lower id, a later commit)', async () => {
    const store = fakeStore();
    store.add(1, [7]);
    const posts = tracker(store.reader);
    await posts.catchUp();
    const watch = posts.watch('hashtag:instagram:t7');
    store.add(3, [7]);
    await posts.catchUp();
    expect(posts.newerSince(watch)).toBe(1);
    // Id 2 was taken first and committed after 3 was read.
    store.add(2, [7]);
    await posts.catchUp();
    expect(posts.newerSince(watch)).toBe(2);
    await posts.catchUp();
    expect(posts.newerSince(watch)).toBe(2);
  });

  it('makes every list stale after more posts than one pass reads', async () => {
    const store = fakeStore();
    const posts = tracker(store.reader);
    await posts.catchUp();
    const watch = posts.watch('hashtag:instagram:t1');
    for (let id = 1; id <= 20_000; id++) store.add(id, [2]);
    await posts.catchUp();
    expect(posts.newerSince(watch)).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts only items a list watches, and forgets them when no list does', async () => {
    const store = fakeStore();
    const posts = tracker(store.reader);
    await posts.catchUp();
    const first = posts.watch('hashtag:instagram:t1');
    const second = posts.watch('hashtag:instagram:t1');
    store.add(1, [1]);
    await posts.catchUp();
    posts.unwatch(first);
    expect(posts.newerSince(second)).toBe(1);
    posts.unwatch(second);
    const later = posts.watch('hashtag:instagram:t1');
    expect(later.newer).toBe(0);
  });
});

describe('RelatedCache', () => {
  const source = (value: { n: number }, computed: { times: number }) => ({
    item: 'hashtag:instagram:t1',
    compute: async () => {
      computed.times++;
      await new Promise((resolve) => setImmediate(resolve));
      return { value, postCount: 500 };
    },
  });
  const cacheOf = (
    maxEntries: number,
    bytes?: { maxBytes: number; sizeOf: (value: { n: number }) => number },
  ) =>
    new RelatedCache<{ n: number }>({
      maxAgeMs: MINUTE,
      maxEntries,
      ...bytes,
      newPostShare: 0.1,
      tracker: new NewPostTracker({
        reader: fakeStore().reader,
        intervalMs: 0,
        gapMs: MINUTE,
        log: () => {},
        now: Date.now,
      }),
      now: Date.now,
    });

  it('computes concurrent misses of one key once', async () => {
    const cache = cacheOf(10);
    const computed = { times: 0 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.get('k', source({ n: 1 }, computed))),
    );
    expect(computed.times).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('keeps at most maxEntries lists, dropping the least recently used', async () => {
    const cache = cacheOf(3);
    const computed = { times: 0 };
    for (const key of ['a', 'b', 'c', 'a', 'd']) await cache.get(key, source({ n: 1 }, computed));
    expect(cache.size).toBe(3);
    expect(computed.times).toBe(4);
    await cache.get('a', source({ n: 1 }, computed));
    expect(computed.times).toBe(4);
    await cache.get('b', source({ n: 1 }, computed));
    expect(computed.times).toBe(5);
  });

  it('keeps values up to maxBytes as sizeOf weighs them, dropping the least recently used', async () => {
    // Each value weighs n bytes: 40 + 50 fit in 100, a third value of 30 pushes out the oldest.
    const cache = cacheOf(100, { maxBytes: 100, sizeOf: (value) => value.n });
    const computed = { times: 0 };
    await cache.get('a', source({ n: 40 }, computed));
    await cache.get('b', source({ n: 50 }, computed));
    expect(cache.size).toBe(2);
    await cache.get('c', source({ n: 30 }, computed));
    expect(cache.size).toBe(2);
    await cache.get('b', source({ n: 50 }, computed));
    await cache.get('c', source({ n: 30 }, computed));
    expect(computed.times).toBe(3);
    await cache.get('a', source({ n: 40 }, computed));
    expect(computed.times).toBe(4);
  });

  it('serves a value larger than maxBytes without keeping it or its watch', async () => {
    const tracker = new NewPostTracker({
      reader: fakeStore().reader,
      intervalMs: 0,
      gapMs: MINUTE,
      log: () => {},
      now: Date.now,
    });
    const cache = new RelatedCache<{ n: number }>({
      maxAgeMs: MINUTE,
      maxEntries: 100,
      maxBytes: 100,
      sizeOf: (value) => value.n,
      newPostShare: 0.1,
      tracker,
      now: Date.now,
    });
    const watch = vi.spyOn(tracker, 'watch');
    const unwatch = vi.spyOn(tracker, 'unwatch');
    const computed = { times: 0 };
    expect(await cache.get('a', source({ n: 500 }, computed))).toEqual({ n: 500 });
    expect(cache.size).toBe(0);
    expect(unwatch).toHaveBeenCalledWith(watch.mock.results[0]!.value);
  });
});
