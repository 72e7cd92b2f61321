import type { CacheAutocompleteBody, CacheRecommendBody, SourceReportBody } from '@tagscout/core/api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetworkClient } from '../source/network-client.js';
import type { SocialSource } from '../source/social-source.js';
import { FakeClock } from '../testing/fake-clock.js';
import { type FakeInstagram, startFakeInstagram } from '../testing/fake-instagram.js';
import { lookupFromDevice, searchFromDevice, type TagscoutCache } from './device-sync.js';
import { createInstagramWebSource } from './instagram-web.source.js';

/** What a device sent to the server. */
class RecordingCache implements TagscoutCache {
  autocomplete: CacheAutocompleteBody[] = [];
  recommend: CacheRecommendBody[] = [];
  reports: SourceReportBody[] = [];
  async postAutocomplete(body: CacheAutocompleteBody) {
    this.autocomplete.push(body);
  }
  async postRecommend(body: CacheRecommendBody) {
    this.recommend.push(body);
  }
  async reportFailure(report: SourceReportBody) {
    this.reports.push(report);
  }
}

describe('instagram-web on the device: cache posts, fallbacks and reports', () => {
  let fake: FakeInstagram;
  let client: NetworkClient;
  let source: SocialSource;
  let cache: RecordingCache;

  beforeEach(async () => {
    const clock = new FakeClock({ autoAdvance: true });
    fake = await startFakeInstagram({ now: () => clock.now() });
    fake.addTag({ name: 'surf', mediaCount: 4_000_000 });
    client = new NetworkClient({ source: 'instagram-web', clock, timeoutMs: 2000 });
    source = createInstagramWebSource({ client, hosts: fake.hosts });
    cache = new RecordingCache();
  });
  afterEach(async () => fake.close());

  it('posts search results and item pages to the server cache', async () => {
    const found = await searchFromDevice(source, cache, {
      request: { type: 'hashtag', query: 'surf' },
      blocks: client.blocks,
    });
    expect(found.status).toBe('fetched');
    await lookupFromDevice(source, cache, { item: { type: 'hashtag', name: 'surf' }, blocks: client.blocks });
    expect(cache.autocomplete).toEqual([
      { query: 'surf', hashtags: [{ hashtag: 'surf', count: 4_000_000 }] },
    ]);
    expect(cache.recommend).toEqual([{ hashtag: { hashtag: 'surf', count: 4_000_000 }, posts: [] }]);
  });

  it('falls back to a direct lookup when searches are blocked, and to the server store once lookups are too', async () => {
    fake.fail('login-redirect', { times: 2 });
    const search = await searchFromDevice(source, cache, {
      request: { type: 'hashtag', query: 'surf' },
      blocks: client.blocks,
    });
    expect(search).toEqual({ status: 'fallback', failure: 'block', fallback: 'direct-lookup' });
    const lookup = await lookupFromDevice(source, cache, {
      item: { type: 'hashtag', name: 'surf' },
      blocks: client.blocks,
    });
    expect(lookup).toEqual({ status: 'fallback', failure: 'block', fallback: 'server-store' });
    const again = await searchFromDevice(source, cache, {
      request: { type: 'hashtag', query: 'surf' },
      blocks: client.blocks,
    });
    expect(again).toEqual({ status: 'fallback', failure: 'block', fallback: 'server-store' });
    // Each block is reported once (the call stopped by the flag is not).
    expect(cache.reports).toEqual([
      { source: 'instagram-web', call: 'search:hashtag', failure: 'block' },
      { source: 'instagram-web', call: 'lookup:hashtag', failure: 'block' },
    ]);
    expect(fake.requests).toHaveLength(2);
  });

  it('caches a 404 tag as count 0 and does not report it', async () => {
    const outcome = await lookupFromDevice(source, cache, {
      item: { type: 'hashtag', name: 'nosuchtag' },
      blocks: client.blocks,
    });
    expect(outcome).toEqual({ status: 'fallback', failure: 'not-found', fallback: 'count-zero' });
    expect(cache.recommend).toEqual([{ hashtag: { hashtag: 'nosuchtag', count: 0 }, posts: [] }]);
    expect(cache.reports).toEqual([]);
  });

  it('reports a cross-origin refusal (a bare TypeError in the browser)', async () => {
    const browser = new NetworkClient({
      source: 'instagram-web',
      fetch: (() => Promise.reject(new TypeError('Load failed'))) as typeof fetch,
    });
    const blocked = createInstagramWebSource({ client: browser, hosts: fake.hosts });
    const outcome = await searchFromDevice(blocked, cache, {
      request: { type: 'place', query: 'x' },
      blocks: browser.blocks,
    });
    expect(outcome).toEqual({ status: 'fallback', failure: 'cors', fallback: 'server-store' });
    expect(cache.reports).toEqual([{ source: 'instagram-web', call: 'search:place', failure: 'cors' }]);
  });
});
