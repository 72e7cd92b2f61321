import type { Network } from '@tagscout/core/networks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createHashtagContext } from '../related/related.context.js';
import { forgetCachedTags, type HashtagContext } from '../related/related.service.js';
import { storeIngest } from '../store/store.repository.js';
import { setBannedTags } from './banned-tags.service.js';
import type { HashtagSourceHook } from './hashtag-sources.js';
import { insertIndexingHashtags } from './indexing.repository.js';
import { autocompleteHashtags } from './search.service.js';

const BOUND_MS = 30_000;

describe.each(testDialects)('autocomplete answers kept in memory on %s', (dialect) => {
  let testApp: TestApp;
  let context: HashtagContext;
  let now = 1_000_000;
  const indexed: string[] = [];
  const searched: string[] = [];

  const store = (network: Network, hashtags: { name: string; count: number }[]) =>
    storeIngest(testApp.testDatabase.database, {
      hashtags,
      network,
      source: 'test',
      now: Date.now(),
    });
  const suggest = async (query: string, network: Network = 'instagram') =>
    (await autocompleteHashtags(context, { query, network })).hashtags;
  const names = async (query: string, network?: Network) =>
    (await suggest(query, network)).map((t) => t.hashtag);

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { AUTOCOMPLETE_CACHE_SECONDS: BOUND_MS / 1000 });
    const { database } = testApp.testDatabase;
    // A live source on Instagram, as the server runs one: misses start indexing, searches are counted.
    const sources: HashtagSourceHook = {
      network: 'instagram',
      startIndexing: async (names) => {
        indexed.push(...names);
        return insertIndexingHashtags(database, { network: 'instagram', names, now: Date.now() });
      },
      requestCounts: () => {},
      recordSearch: (name) => searched.push(name),
    };
    context = createHashtagContext(database, { ...testApp.app.config, now: () => now }, { sources });
    await store('instagram', [
      { name: 'sunrise', count: 500 },
      { name: 'sunrisesky', count: 300 },
      { name: 'zebra', count: 50 },
    ]);
    await store('bluesky', [{ name: 'sunriseblue', count: 900 }]);
  });
  afterAll(async () => testApp.close());
  beforeEach(() => {
    indexed.length = 0;
    searched.length = 0;
  });

  it('shows a tag added since an answer was kept once the staleness bound has passed, not before', async () => {
    expect(await names('sunr')).toEqual(['sunrise', 'sunrisesky']);
    await store('instagram', [{ name: 'sunrisebeach', count: 400 }]);
    now += BOUND_MS;
    expect(await names('sunr')).toEqual(['sunrise', 'sunrisesky']);
    now += 1;
    expect(await names('sunr')).toEqual(['sunrise', 'sunrisebeach', 'sunrisesky']);
  });

  it('reads the exact tag typed in full from the store on every request, and counts the search each time', async () => {
    expect(await names('zebr')).toEqual(['zebra']);
    await store('instagram', [{ name: 'zebr', count: 7 }]);
    // Kept "zebr" answer, but the exact tag is new: it comes first at once, with its count.
    expect(await suggest('zebr')).toEqual([
      { hashtag: 'zebr', count: 7 },
      { hashtag: 'zebra', count: 50 },
    ]);
    await suggest('zebra');
    await suggest('zebra');
    expect(searched).toEqual(['zebr', 'zebra', 'zebra']);
  });

  it('indexes a short tag nothing starts with, answers "indexing" on every ask, and its count once indexed', async () => {
    expect(await suggest('qz')).toEqual([{ hashtag: 'qz', count: -1, indexing: true }]);
    expect(await suggest('qz')).toEqual([{ hashtag: 'qz', count: -1, indexing: true }]);
    // A fetch left `indexing` is queued again on the next ask, as without the cache.
    expect(indexed).toEqual(['qz', 'qz']);
    expect(await suggest('q')).toEqual([{ hashtag: 'qz', count: -1, indexing: true }]);
    await store('instagram', [{ name: 'qz', count: 12 }]);
    // No clock move: an answer holding a tag being indexed was never kept.
    expect(await suggest('qz')).toEqual([{ hashtag: 'qz', count: 12 }]);
    expect(await suggest('q')).toEqual([{ hashtag: 'qz', count: 12 }]);
  });

  it('keeps each network its own answers', async () => {
    expect(await names('sunrise', 'bluesky')).toEqual(['sunriseblue']);
    expect(await names('sunrise', 'instagram')).toEqual(['sunrise', 'sunrisebeach', 'sunrisesky']);
    expect(await names('sunrise', 'bluesky')).toEqual(['sunriseblue']);
  });

  it('shows a tag banned by an administrator as banned at once (the admin routes forget kept answers)', async () => {
    expect(await suggest('sunrises')).toEqual([{ hashtag: 'sunrisesky', count: 300 }]);
    await setBannedTags(testApp.testDatabase.database, ['sunrisesky'], Date.now());
    forgetCachedTags(context);
    expect(await suggest('sunrises')).toEqual([{ hashtag: 'sunrisesky', count: 300, banned: true }]);
    expect(await suggest('sunrisesky')).toEqual([{ hashtag: 'sunrisesky', count: 300, banned: true }]);
  });

  it('keeps at most AUTOCOMPLETE_CACHE_ENTRIES answers', async () => {
    const small = createHashtagContext(testApp.testDatabase.database, {
      ...testApp.app.config,
      AUTOCOMPLETE_CACHE_ENTRIES: 2,
      now: () => now,
    });
    for (const query of ['s', 'su', 'sun', 'sunr', 'z'])
      await autocompleteHashtags(small, { query, network: 'instagram' });
    expect(small.suggestions?.size).toBe(2);
  });
});
