import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NetworkClient } from '../source/network-client.js';
import type { SocialSource } from '../source/social-source.js';
import { FakeClock } from '../testing/fake-clock.js';
import { type FakeInstagram, type FakeMedia, startFakeInstagram } from '../testing/fake-instagram.js';
import { classifyInstagram, createInstagramWebSource } from './instagram-web.source.js';

const NOW = Date.UTC(2026, 2, 1, 12);
const media = (n: number, caption: string, location?: FakeMedia['location']): FakeMedia => ({
  id: String(3_300_000_000_000_000_000n + BigInt(n)),
  ownerId: String(500 + n),
  takenAt: NOW / 1000 - n * 60,
  caption,
  ...(location && { location }),
});

describe('instagram-web source against a fake network', () => {
  let clock: FakeClock;
  let fake: FakeInstagram;
  let client: NetworkClient;
  let source: SocialSource;

  beforeEach(async () => {
    clock = new FakeClock({ start: NOW, autoAdvance: true });
    fake = await startFakeInstagram({ now: () => clock.now() });
    fake.addTag({
      name: 'lisbon',
      mediaCount: 51_234_567,
      media: [
        media(1, 'Tram 28 #Lisbon #Portugal #travel', { id: '213385402', name: 'Lisbon, Portugal' }),
        media(2, 'Sunset #lisbon #miradouro'),
        media(3, ''),
      ],
    });
    fake.addTag({ name: 'lisboa', mediaCount: 30_000_000 });
    fake.addPlace({
      id: '213385402',
      name: 'Lisbon, Portugal',
      mediaCount: 9_876_543,
      media: [media(4, 'Alfama #lisbon #fado')],
    });
    fake.addProfile({
      id: '1234567',
      username: 'visitlisboa',
      fullName: 'Visit Lisboa',
      biography: 'The official account <b>of Lisbon</b>',
      followers: 250_000,
      following: 300,
      isBusiness: true,
      category: 'Tourism',
      media: [media(5, '#lisbon #spring #flowers')],
    });
    client = new NetworkClient({ source: 'instagram-web', clock, timeoutMs: 2000 });
    source = createInstagramWebSource({ client, hosts: fake.hosts });
  });
  afterEach(async () => fake.close());

  it('top-searches as the site does (blended, __a=1, AJAX headers) and keeps the type asked for', async () => {
    expect(await source.search({ type: 'hashtag', query: 'lisb' })).toEqual({
      query: 'lisb',
      hashtags: [
        { hashtag: 'lisbon', count: 51_234_567 },
        { hashtag: 'lisboa', count: 30_000_000 },
      ],
    });
    expect(await source.search({ type: 'place', query: 'lisbon' })).toEqual({
      query: 'lisbon',
      places: [{ place_id: '213385402', title: 'Lisbon, Portugal', count: 0 }],
    });
    const users = await source.search({ type: 'profile', query: 'visit' });
    expect(users.users).toEqual([
      expect.objectContaining({
        profile_id: '1234567',
        username: 'visitlisboa',
        full_name: 'Visit Lisboa',
        followers: 250_000,
      }),
    ]);
    for (const request of fake.requests) {
      expect(request.path).toBe('/web/search/topsearch/');
      expect(Object.fromEntries(request.query)).toMatchObject({
        context: 'blended',
        include_reel: 'false',
        __a: '1',
      });
      expect(request.headers).toMatchObject({
        'x-requested-with': 'XMLHttpRequest',
        'x-instagram-ajax': '1',
      });
    }
    // Place searches have their own 1 per second limiter; the rest are 5 s apart.
    expect(fake.requests.map((request) => request.at - NOW)).toEqual([0, 0, 5000]);
  });

  it("reads a tag from web_info on the app's API host, with the app id instaloader sends: media_count and the recent sections' media", async () => {
    const body = await source.fetchRecent({ type: 'hashtag', name: 'lisbon' });
    expect(fake.requests.map((request) => `${request.path}?${request.query}`)).toEqual([
      '/api/v1/tags/web_info/?__a=1&__d=dis&tag_name=lisbon',
    ]);
    expect(fake.requests[0]!.headers['x-ig-app-id']).toBe('124024574287414');
    // The site's AJAX headers are the desktop site's: not sent to the app's host.
    expect(fake.requests[0]!.headers['x-requested-with']).toBeUndefined();
    expect(fake.requests[0]!.headers['x-instagram-ajax']).toBeUndefined();
    expect(body.hashtag).toEqual({ hashtag: 'lisbon', count: 51_234_567 });
    expect(body.posts).toEqual([
      {
        post_id: '3300000000000000001',
        owner: '501',
        timestamp: NOW / 1000 - 60,
        hashtags: ['lisbon', 'portugal', 'travel'],
        place_id: '213385402',
      },
      {
        post_id: '3300000000000000002',
        owner: '502',
        timestamp: NOW / 1000 - 120,
        hashtags: ['lisbon', 'miradouro'],
      },
      { post_id: '3300000000000000003', owner: '503', timestamp: NOW / 1000 - 180, hashtags: [] },
    ]);
  });

  it('reads reels (one_by_two_item.clips.items) and the posts beside them (fill_items) as well as medias', async () => {
    fake.addTag({
      name: 'alfama',
      mediaCount: 80_000,
      reels: [media(11, 'Reel #alfama #fado'), media(12, 'Reel two #alfama')],
      media: [6, 7, 8, 9, 10, 13].map((n) => media(n, `Post ${n} #alfama`)),
    });
    const body = await source.fetchRecent({ type: 'hashtag', name: 'alfama' });
    expect(body.posts.map((post) => post.post_id.slice(-2))).toEqual([
      '11',
      '12',
      '06',
      '07',
      '08',
      '09',
      '10',
      '13',
    ]);
    expect(body.posts[0]).toEqual({
      post_id: '3300000000000000011',
      owner: '511',
      timestamp: NOW / 1000 - 660,
      hashtags: ['alfama', 'fado'],
    });
  });

  it('reads the graphql.hashtag shape: the count of edge_hashtag_to_media and its nodes', async () => {
    fake.addTag({
      name: 'belem',
      mediaCount: 2_500_000,
      shape: 'graphql',
      media: [media(14, 'Tower #belem #lisbon', { id: '213385402', name: 'Lisbon, Portugal' })],
    });
    expect(await source.fetchRecent({ type: 'hashtag', name: 'belem' })).toEqual({
      hashtag: { hashtag: 'belem', count: 2_500_000 },
      posts: [
        {
          post_id: '3300000000000000014',
          owner: '514',
          timestamp: NOW / 1000 - 840,
          hashtags: ['belem', 'lisbon'],
          place_id: '213385402',
        },
      ],
    });
    expect(await source.lookupCounts(['belem'])).toEqual([{ hashtag: 'belem', count: 2_500_000 }]);
  });

  it("keeps a tag's posts when its answer has no count, taking the count from the top search", async () => {
    fake.addTag({ name: 'sintra', mediaCount: 700_000, omitsCount: true, media: [media(15, '#sintra')] });
    const body = await source.fetchRecent({ type: 'hashtag', name: 'sintra' });
    expect(body).toEqual({
      hashtag: { hashtag: 'sintra', count: 700_000 },
      posts: [
        { post_id: '3300000000000000015', owner: '515', timestamp: NOW / 1000 - 900, hashtags: ['sintra'] },
      ],
    });
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/api/v1/tags/web_info/',
      '/web/search/topsearch/',
    ]);
    // Counts alone are not worth a search each: a tag without one is left out.
    expect(await source.lookupCounts(['sintra', 'lisboa'])).toEqual([
      { hashtag: 'lisboa', count: 30_000_000 },
    ]);
  });

  it('reads a location answer (native_location_data) and a profile through the GraphQL queries', async () => {
    const place = await source.fetchRecent({ type: 'place', id: '213385402' });
    expect(place.place).toEqual({
      place_id: '213385402',
      title: 'Lisbon, Portugal',
      count: 9_876_543,
      profile_pic_url: 'https://scontent.example/v/t51_place.jpg',
    });
    expect(place.posts[0]).toMatchObject({ hashtags: ['lisbon', 'fado'], place_id: '213385402' });

    const profile = await source.fetchRecent({ type: 'profile', username: 'visitlisboa' });
    expect(profile.user).toMatchObject({
      profile_id: '1234567',
      username: 'visitlisboa',
      biography: 'The official account of Lisbon',
      followers: 250_000,
      following: 300,
      post_count: 1,
      is_business_account: true,
      business_category_name: 'Tourism',
    });
    expect(profile.posts).toEqual([
      {
        post_id: '3300000000000000005',
        owner: '1234567',
        timestamp: NOW / 1000 - 300,
        hashtags: ['lisbon', 'spring', 'flowers'],
      },
    ]);
    const graphql = fake.requests.filter((request) => request.path === '/graphql/query');
    const forms = graphql.map((request) => new URLSearchParams(request.body));
    expect(graphql.map((request, index) => [request.method, forms[index]!.get('doc_id')])).toEqual([
      ['POST', '26347858941511777'],
      ['POST', '25980296051578533'],
      ['POST', '7950326061742207'],
    ]);
    // The variables as instaloader 4.15 sends them, relay providers included.
    expect(forms.map((form) => JSON.parse(form.get('variables')!))).toEqual([
      { hasQuery: true, query: 'visitlisboa' },
      {
        id: '1234567',
        render_surface: 'PROFILE',
        __relay_internal__pv__PolarisCannesGuardianExperienceEnabledrelayprovider: true,
        __relay_internal__pv__PolarisCASB976ProfileEnabledrelayprovider: false,
        __relay_internal__pv__PolarisRepostsConsumptionEnabledrelayprovider: false,
      },
      {
        id: '1234567',
        data: {
          count: 12,
          include_relationship_info: true,
          latest_besties_reel_media: true,
          latest_reel_media: true,
        },
        __relay_internal__pv__PolarisFeedShareMenurelayprovider: false,
      },
    ]);
    await expect(source.fetchRecent({ type: 'profile', username: 'nobody_here' })).rejects.toMatchObject({
      failure: 'not-found',
    });
  });

  it('counts tags from web_info (data.media_count)', async () => {
    expect(await source.lookupCounts(['#Lisbon', 'lisboa'])).toEqual([
      { hashtag: 'lisbon', count: 51_234_567 },
      { hashtag: 'lisboa', count: 30_000_000 },
    ]);
    expect(fake.requests.map((request) => `${request.path}?${request.query}`)).toEqual([
      '/api/v1/tags/web_info/?__a=1&__d=dis&tag_name=lisbon',
      '/api/v1/tags/web_info/?__a=1&__d=dis&tag_name=lisboa',
    ]);
  });

  it("sends the site's calls to www.instagram.com and tag answers to i.instagram.com", async () => {
    const asked: string[] = [];
    const recording = new NetworkClient({
      source: 'instagram-web',
      clock,
      timeoutMs: 2000,
      fetch: async (input) => {
        asked.push(String(input));
        return new Response('{"data":{"name":"lisbon","media_count":1},"hashtags":[],"status":"ok"}', {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const real = createInstagramWebSource({ client: recording });
    await real.search({ type: 'hashtag', query: 'lisbon' });
    await real.lookupCounts(['lisbon']);
    expect(asked.map((address) => address.split('?')[0])).toEqual([
      'https://www.instagram.com/web/search/topsearch/',
      'https://i.instagram.com/api/v1/tags/web_info/',
    ]);
  });

  it('classes a 404 tag page as not-found and counts it 0', async () => {
    await expect(source.fetchRecent({ type: 'hashtag', name: 'nosuchtag' })).rejects.toMatchObject({
      failure: 'not-found',
      status: 404,
    });
    expect(await source.lookupCounts(['lisboa', 'nosuchtag'])).toEqual([
      { hashtag: 'lisboa', count: 30_000_000 },
      { hashtag: 'nosuchtag', count: 0 },
    ]);
  });

  it('classes the login redirect as a block and stops further calls of that type', async () => {
    fake.fail('login-redirect', { pathPrefix: '/web/search/topsearch/' });
    await expect(source.search({ type: 'hashtag', query: 'lis' })).rejects.toMatchObject({
      failure: 'block',
      status: 302,
    });
    await expect(source.search({ type: 'hashtag', query: 'lisb' })).rejects.toMatchObject({
      failure: 'block',
      isFromBlockFlag: true,
    });
    expect(fake.requests).toHaveLength(1);
    // Place searches and tag pages are other types: still made.
    await source.search({ type: 'place', query: 'lis' });
    await source.lookupCounts(['lisbon']);
    expect(fake.requests).toHaveLength(3);
    expect(client.blocks.list().map((flag) => flag.call)).toEqual(['search:hashtag']);
  });

  it('classes the login page served in place of a page as a block', async () => {
    fake.fail('login-page', { pathPrefix: '/api/v1/tags/' });
    await expect(source.fetchRecent({ type: 'hashtag', name: 'lisbon' })).rejects.toMatchObject({
      failure: 'block',
      status: 200,
    });
    expect(client.blocks.isBlocked('lookup:hashtag')).toBe(true);
  });

  it('classes a JSON login demand (no signed-in session) as a block', async () => {
    fake.fail('login-required', { pathPrefix: '/explore/locations/' });
    await expect(source.fetchRecent({ type: 'place', id: '213385402' })).rejects.toMatchObject({
      failure: 'block',
      status: 401,
    });
    expect(client.blocks.isBlocked('lookup:place')).toBe(true);
    expect(client.blocks.isBlocked('lookup:hashtag')).toBe(false);
  });

  it('classes cut-off JSON, the app shell and the old _sharedData page as parse errors, without retrying', async () => {
    for (const fault of ['malformed', 'new-markup', 'shared-data'] as const) {
      fake.fail(fault, { pathPrefix: '/api/v1/tags/' });
      await expect(source.fetchRecent({ type: 'hashtag', name: 'lisbon' })).rejects.toMatchObject({
        failure: 'parse-error',
      });
    }
    expect(fake.requests).toHaveLength(3);
  });

  it('retries a 429 and a 500 with the device back-off, within the 5 s spacing', async () => {
    fake.fail('rate-limited', { pathPrefix: '/api/v1/tags/' });
    fake.fail('server-error', { pathPrefix: '/api/v1/tags/' });
    expect(await source.lookupCounts(['lisbon'])).toEqual([{ hashtag: 'lisbon', count: 51_234_567 }]);
    expect(fake.requests.map((request) => request.at - NOW)).toEqual([0, 5000, 10_000]);
    expect(clock.sleeps).toEqual([500, 4500, 1000, 4000]);
  });

  it('classes answers a browser hides as block (redirect) or cors (opaque)', () => {
    const answer = (type: Response['type']) => ({
      status: 0,
      type,
      url: '',
      headers: new Headers(),
      body: '',
    });
    expect(classifyInstagram(answer('opaqueredirect'), NOW)).toMatchObject({ failure: 'block' });
    expect(classifyInstagram(answer('opaque'), NOW)).toMatchObject({ failure: 'cors' });
    const followed = {
      status: 200,
      type: 'basic' as const,
      url: 'https://www.instagram.com/accounts/login/?next=/explore/tags/x/',
      headers: new Headers(),
      body: '<html></html>',
    };
    expect(classifyInstagram(followed, NOW)).toMatchObject({ failure: 'block' });
  });
});
