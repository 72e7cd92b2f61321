import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { storeIngest } from '../store/store.repository.js';
import { ingestRecommend } from '../store/store.service.js';
import { setBannedTags } from './banned-tags.service.js';

const T0 = 1_700_000_000;
const samplePost = (id: string, tags: string[]) => ({
  postId: id,
  owner: `o-${id}`,
  takenAt: T0 + Number(id.slice(1)),
  placeId: null,
  hashtags: tags,
});
const importedPost = (id: string, tags: string[]) => ({
  post_id: id,
  owner: `u-${id}`,
  timestamp: T0 + Number(id.slice(1)),
  hashtags: tags,
});

describe.each(testDialects)('tags per network on %s', (dialect) => {
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const relatedNames = async (url: string) =>
    ((await get(url)).json().data[0].related_tags as { hashtag: string }[]).map((tag) => tag.hashtag);

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt' });
  });
  afterAll(async () => testApp?.close());

  it('shows a banned name on every network, flagged, even where no post of that network holds it', async () => {
    await setBannedTags(testApp.testDatabase.database, ['zzbannedtag'], 1);
    for (const network of ['sample', 'instagram', 'bluesky', 'mastodon']) {
      expect((await get(`/api/autocomplete/hashtag/zzbannedtag?network=${network}`)).json()).toEqual({
        network,
        hashtags: [{ hashtag: 'zzbannedtag', count: -1, banned: true }],
      });
    }
    await setBannedTags(testApp.testDatabase.database, [], 2);
    expect((await get('/api/info/hashtag/zzbannedtag?network=sample')).json().data[0].banned).toBeUndefined();
  });

  it('answers from the first network of DEFAULT_NETWORK that holds tags, and from the one asked for', async () => {
    // Nothing stored: the first of the order (bluesky, instagram, sample) answers, empty.
    expect((await get('/api/autocomplete/hashtag/bea')).json()).toEqual({ network: 'bluesky', hashtags: [] });

    await storeIngest(testApp.testDatabase.database, {
      hashtags: [{ name: 'beach', count: 50 }],
      posts: [
        samplePost('s1', ['beach', 'sun']),
        samplePost('s2', ['beach', 'sun']),
        samplePost('s3', ['beach', 'sun']),
      ],
      network: 'sample',
      source: 'sample',
      now: 1,
    });
    expect((await get('/api/autocomplete/hashtag/bea')).json()).toEqual({
      network: 'sample',
      hashtags: [{ hashtag: 'beach', count: 50 }],
    });

    // An import of Instagram posts: the same name becomes a second tag with its own count.
    await ingestRecommend(
      testApp.testDatabase.database,
      {
        hashtag: { hashtag: 'beach', count: 900 },
        posts: [importedPost('c1', ['beach', 'surf']), importedPost('c2', ['beach', 'surf'])],
      },
      { network: 'instagram', source: 'import', now: Date.now() },
    );
    // Written by another process: the default network kept for a short time is not yet told.
    testApp.app.hashtags.defaultNetwork.forget();
    expect((await get('/api/autocomplete/hashtag/bea')).json()).toEqual({
      network: 'instagram',
      hashtags: [{ hashtag: 'beach', count: 900 }],
    });
    expect((await get('/api/autocomplete/hashtag/bea?network=sample')).json()).toEqual({
      network: 'sample',
      hashtags: [{ hashtag: 'beach', count: 50 }],
    });
    expect((await get('/api/info/hashtag/beach,surf?network=sample')).json()).toEqual({
      network: 'sample',
      data: [
        { hashtag: 'beach', count: 50 },
        { hashtag: 'surf', count: -1 },
      ],
    });
  });

  it("gives a tag's related tags from its own network's posts only", async () => {
    expect(await relatedNames('/api/info/hashtag/beach?recommended=1&network=sample')).toEqual(['sun']);
    expect(await relatedNames('/api/info/hashtag/beach?recommended=1&network=instagram')).toEqual(['surf']);
    const answer = (await get('/api/info/hashtag/beach?recommended=1')).json();
    expect(answer.network).toBe('instagram');
    const unknown = await get('/api/info/hashtag/surf?recommended=1&network=bluesky');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No Bluesky hashtag named "surf" is known yet.');
  });

  it('refuses a network it does not know with a message', async () => {
    for (const url of [
      '/api/autocomplete/hashtag/bea?network=twitter',
      '/api/info/hashtag/beach?network=x',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message, url).toContain(
        'must be one of instagram, bluesky, mastodon, sample',
      );
    }
  });
});

describe('DEFAULT_NETWORK', () => {
  it('is an order of networks, bluesky, instagram, sample unless set', () => {
    expect(loadConfig({}).DEFAULT_NETWORK).toEqual(['bluesky', 'instagram', 'sample']);
    expect(loadConfig({ DEFAULT_NETWORK: 'sample, instagram' }).DEFAULT_NETWORK).toEqual([
      'sample',
      'instagram',
    ]);
  });

  it('names a wrong network', () => {
    expect(() => loadConfig({ DEFAULT_NETWORK: 'bluesky,twitter' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEFAULT_NETWORK: 'bluesky,twitter' })).toThrow(
      /DEFAULT_NETWORK="bluesky,twitter" names twitter, which is not a network; the networks are instagram, bluesky, mastodon, sample/,
    );
  });
});
