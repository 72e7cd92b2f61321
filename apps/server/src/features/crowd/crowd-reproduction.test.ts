import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { ingestAutocomplete, ingestRecommend } from '../store/store.service.js';

const T0 = 1_700_000_000;
const ORIGIN = { origin: 'http://localhost:80' };

/** The requests of issue 14: one client rewrites a count, plants a tag and plants related posts. */
const planted = {
  query: 'trav',
  hashtags: [
    { hashtag: 'travel', count: 1 },
    { hashtag: 'travelscamcoin', count: 9_999_999_999 },
  ],
};
const plantedPosts = {
  hashtag: { hashtag: 'travel', count: 1 },
  posts: Array.from({ length: 40 }, (_, i) => ({
    post_id: `scam${i}`,
    owner: 'scammer',
    timestamp: T0 + 1000 + i,
    hashtags: ['travel', 'travelscamcoin', 'buycoinnow'],
  })),
};

describe.each(testDialects)('one client cannot rewrite what everyone sees, on %s', (dialect) => {
  let testApp: TestApp;
  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt' });
    const { database } = testApp.testDatabase;
    // What the operator imported: trusted as it is.
    await ingestAutocomplete(
      database,
      {
        query: 'trav',
        hashtags: [
          { hashtag: 'travel', count: 507_501_370 },
          { hashtag: 'travelgram', count: 40_000_000 },
        ],
      },
      { network: 'instagram', source: 'import', now: Date.now() },
    );
    await ingestRecommend(
      database,
      {
        hashtag: { hashtag: 'travel', count: 507_501_370 },
        posts: Array.from({ length: 30 }, (_, i) => ({
          post_id: `real${i}`,
          owner: `owner${i}`,
          timestamp: T0 + i,
          hashtags: ['travel', 'travelgram', i % 2 ? 'beach' : 'mountains'],
        })),
      },
      { network: 'instagram', source: 'import', now: Date.now() },
    );
  });
  afterAll(async () => testApp.close());

  const expectUntouched = async () => {
    expect((await get('/api/info/hashtag/travel')).data).toEqual([{ hashtag: 'travel', count: 507_501_370 }]);
    const suggestions = (await get('/api/autocomplete/hashtag/trav')).hashtags.map(
      (tag: { hashtag: string }) => tag.hashtag,
    );
    expect(suggestions).toEqual(['travel', 'travelgram']);
    const related = (await get('/api/info/hashtag/travel?recommended=1')).data[0].related_tags.map(
      (tag: { hashtag: string }) => tag.hashtag,
    );
    expect(related).not.toContain('travelscamcoin');
    expect(related).not.toContain('buycoinnow');
  };

  it('refuses an anonymous request, and "travel" keeps its count with no planted tag suggested', async () => {
    const counts = await testApp.app.inject({
      method: 'POST',
      url: '/api/cache/autocomplete',
      headers: ORIGIN,
      payload: planted,
    });
    const posts = await testApp.app.inject({
      method: 'POST',
      url: '/api/cache/recommend',
      headers: ORIGIN,
      payload: plantedPosts,
    });
    expect([counts.statusCode, posts.statusCode]).toEqual([401, 401]);
    expect(counts.json().error.message).toMatch(/sign in/i);
    await expectUntouched();
  });

  it('one signed-in account reporting the same changes nothing anyone is served', async () => {
    const submitter = await createTestViewer(testApp.app, 'free');
    for (const [url, payload] of [
      ['/api/cache/autocomplete', planted],
      ['/api/cache/recommend', plantedPosts],
    ] as const) {
      const response = await testApp.app.inject({ method: 'POST', url, headers: submitter.headers, payload });
      expect(response.statusCode).toBe(202);
    }
    await expectUntouched();
  });
});
