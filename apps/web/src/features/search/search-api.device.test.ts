import type { Platform } from '@tagscout/core/access';
import { FakeClock, type FakeInstagram, startFakeInstagram } from '@tagscout/sources/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '../../api/contract-test-helpers';
import { createDeviceSource, searchOnDevice, setDeviceSource } from '../../native/device-source';
import { forgetSearchMode, SEARCH_MODE_TTL_MS } from '../../native/search-mode';
import { fetchRelated, SearchKind, searchItems } from './search-api';

const platform = vi.hoisted(() => ({ current: 'ios' as Platform }));
vi.mock('../../shell/platform', () => ({
  detectPlatform: () => platform.current,
  isMobileApp: (value: Platform) => value !== 'web',
}));

interface ApiCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The search mode the server's version config answers (an administrator's switch). */
const config = { mobileSearchMode: 'device' as 'device' | 'server' | 'unreachable' };

/** Our API, as far as these calls go: the crowd cache feeds what autocomplete and info answer. */
function fakeApi(calls: ApiCall[]) {
  const storeTags = new Map<string, number>([['surfboard', 1200]]);
  return async (url: string, init: RequestInit = {}): Promise<Response> => {
    const respond = (status: number, value: unknown) => contractAnswer({ url, ...init }, value, { status });
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const path = url.replace(/^\/api/, '');
    calls.push({ method, path, headers: { ...(init.headers as Record<string, string>) }, body });
    if (/^\/version\/[^/]+\/config$/.test(path)) {
      if (config.mobileSearchMode === 'unreachable')
        return respond(503, { error: { code: 'unavailable', message: 'The service is busy.' } });
      const { mobileSearchMode } = config;
      return respond(200, {
        webSearchMode: 'server',
        mobileSearchMode,
        betaFeedback: true,
        tutorialOnFirstVisit: true,
      });
    }
    if (method === 'POST' && path === '/cache/autocomplete') {
      for (const tag of (body as { hashtags?: { hashtag: string; count: number }[] }).hashtags ?? []) {
        storeTags.set(tag.hashtag, tag.count);
      }
      return respond(202, { status: 'accepted', stored: 1, skipped: 0 });
    }
    if (method === 'POST' && path === '/cache/recommend') {
      return respond(202, { status: 'accepted', stored: 1, skipped: 0 });
    }
    if (method === 'POST' && path === '/sources/reports') return respond(202, { status: 'recorded' });
    const autocomplete = path.match(/^\/autocomplete\/(hashtag|place)\/(.+)$/);
    if (autocomplete) {
      const query = decodeURIComponent(autocomplete[2]!);
      if (autocomplete[1] === 'place') return respond(200, { places: [] });
      const hashtags = [...storeTags]
        .filter(([name]) => name.startsWith(query))
        .map(([hashtag, count]) => ({ hashtag, count }));
      return respond(200, { network: 'instagram', hashtags });
    }
    const info = path.match(/^\/info\/(hashtag|place)\/([^?]+)/);
    if (info) {
      const key = decodeURIComponent(info[2]!);
      const related = { related_tags: [], related_post_count: 0 };
      return info[1] === 'place'
        ? respond(200, { data: [{ place_id: key, title: 'Lisbon', count: 0, ...related }] })
        : respond(200, { network: 'instagram', data: [{ hashtag: key, count: 0, ...related }] });
    }
    return respond(404, { error: { code: 'not_found', message: 'no such route' } });
  };
}

describe('searches and related lookups in the apps go to the network from the device first', () => {
  let fake: FakeInstagram;
  let api: ApiCall[];

  beforeEach(async () => {
    platform.current = 'ios';
    config.mobileSearchMode = 'device';
    forgetSearchMode();
    // The limiter's 5 s slots and the 15 min block flags run on a fake clock.
    const clock = new FakeClock({ autoAdvance: true });
    fake = await startFakeInstagram({ now: () => clock.now() });
    fake.addTag({ name: 'surf', mediaCount: 4_000_000 });
    fake.addPlace({ id: '213385402', name: 'Lisbon', mediaCount: 9_000_000 });
    api = [];
    const callApi = fakeApi(api);
    const realFetch = globalThis.fetch.bind(globalThis);
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/')) return callApi(url, init);
      return realFetch(url, init);
    });
    setDeviceSource(createDeviceSource({ hosts: fake.hosts, clock }));
  });

  afterEach(async () => {
    setDeviceSource(undefined);
    vi.unstubAllGlobals();
    await fake.close();
  });

  /** Calls to our API other than the search-mode config. */
  const apiCalls = () => api.filter((call) => !call.path.startsWith('/version/'));
  const apiRoutes = () => apiCalls().map((call) => `${call.method} ${call.path}`);
  const configReads = () => api.filter((call) => call.path.startsWith('/version/')).length;

  it("posts the network's results to the crowd cache, then reads the store", async () => {
    const results = await searchItems(SearchKind.tags, 'surf');

    expect(fake.requests.map((request) => [request.path, request.query.get('context')])).toEqual([
      ['/web/search/topsearch/', 'blended'],
    ]);
    expect(apiRoutes()).toEqual(['POST /cache/autocomplete', 'GET /autocomplete/hashtag/surf']);
    expect(apiCalls()[0]?.body).toEqual({ query: 'surf', hashtags: [{ hashtag: 'surf', count: 4_000_000 }] });
    expect(apiCalls()[0]?.headers).toMatchObject({ 'x-platform': 'ios', 'content-type': 'application/json' });
    expect(apiCalls()[0]?.headers['x-device-id']).toBeTruthy();
    expect(results.map((item) => [item.key, item.count])).toEqual([
      ['surfboard', 1200],
      ['surf', 4_000_000],
    ]);
  });

  it('falls back to the store on a login redirect, reports it, and makes no more calls of that type', async () => {
    fake.fail('login-redirect');
    const first = await searchItems(SearchKind.tags, 'surf');

    expect(first.map((item) => item.key)).toEqual(['surfboard']);
    expect(apiRoutes()).toEqual(['POST /sources/reports', 'GET /autocomplete/hashtag/surf']);
    expect(apiCalls()[0]?.body).toEqual({
      source: 'instagram-web',
      call: 'search:hashtag',
      failure: 'block',
    });
    expect(fake.requests).toHaveLength(1);

    api.length = 0;
    const second = await searchItems(SearchKind.tags, 'surfb');
    expect(second.map((item) => item.key)).toEqual(['surfboard']);
    expect(fake.requests).toHaveLength(1);
    expect(apiRoutes()).toEqual(['GET /autocomplete/hashtag/surfb']);

    // Block flags are per type: place searches still go to the network.
    api.length = 0;
    await searchItems(SearchKind.places, 'lisbon');
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/web/search/topsearch/',
      '/web/search/topsearch/',
    ]);
    expect(apiRoutes()).toEqual(['POST /cache/autocomplete', 'GET /autocomplete/place/lisbon']);
    expect(apiCalls()[0]?.body).toMatchObject({ query: 'lisbon', places: [{ place_id: '213385402' }] });
  });

  it("reads an item's page from the device before asking the store for related tags", async () => {
    await fetchRelated({ kind: 'hashtag', key: 'surf' });

    expect(fake.requests.map((request) => request.path)).toEqual(['/api/v1/tags/web_info/']);
    expect(apiRoutes()).toEqual(['POST /cache/recommend', 'GET /info/hashtag/surf?recommended=1']);
    expect(apiCalls()[0]?.body).toEqual({ hashtag: { hashtag: 'surf', count: 4_000_000 }, posts: [] });
  });

  it('does not hold the search up when the network does not answer', async () => {
    fake.fail('hang');
    const started = Date.now();
    expect(await searchOnDevice({ type: 'hashtag', query: 'surf' }, { waitMs: 50 })).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('makes no network call on the web', async () => {
    platform.current = 'web';
    await searchItems(SearchKind.tags, 'surf');
    await searchItems(SearchKind.places, 'lisbon');
    await fetchRelated({ kind: 'place', key: '213385402' });

    expect(fake.requests).toEqual([]);
    expect(apiRoutes()).toEqual([
      'GET /autocomplete/hashtag/surf',
      'GET /autocomplete/place/lisbon',
      'GET /info/place/213385402?recommended=1',
    ]);
  });

  it('falls back to the store when a tag answer is the login page (no Instagram session), and reports the block', async () => {
    fake.fail('login-page', { pathPrefix: '/api/v1/tags/' });
    const related = await fetchRelated({ kind: 'hashtag', key: 'surf' });

    expect(related).toEqual({ tags: [], postCount: 0, hidden: 0 });
    expect(apiRoutes()).toEqual(['POST /sources/reports', 'GET /info/hashtag/surf?recommended=1']);
    expect(api.find((call) => call.path === '/sources/reports')?.body).toEqual({
      source: 'instagram-web',
      call: 'lookup:hashtag',
      failure: 'block',
    });
  });

  it("reads only the store when the server's version config turns the device source off", async () => {
    config.mobileSearchMode = 'server';
    const results = await searchItems(SearchKind.tags, 'surf');
    await fetchRelated({ kind: 'hashtag', key: 'surf' });

    expect(fake.requests).toEqual([]);
    expect(results.map((item) => item.key)).toEqual(['surfboard']);
    expect(apiRoutes()).toEqual(['GET /autocomplete/hashtag/surf', 'GET /info/hashtag/surf?recommended=1']);
    expect(api[0]?.path).toMatch(/^\/version\/\d+(\.\d+)*\/config$/);
    expect(configReads()).toBe(1);
  });

  it('reads only the store when the config cannot be read', async () => {
    config.mobileSearchMode = 'unreachable';
    await searchItems(SearchKind.tags, 'surf');
    expect(fake.requests).toEqual([]);
  });

  it("takes an administrator's switch within a minute in a running app", async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    await searchItems(SearchKind.tags, 'surf');
    expect(fake.requests).toHaveLength(1);

    config.mobileSearchMode = 'server';
    now += SEARCH_MODE_TTL_MS + 1;
    await searchItems(SearchKind.tags, 'surfb');
    expect(fake.requests).toHaveLength(1);
    expect(configReads()).toBe(2);
    vi.restoreAllMocks();
  });
});
