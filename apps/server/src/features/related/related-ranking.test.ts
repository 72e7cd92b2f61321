import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { storeIngest } from '../store/store.repository.js';

const T0 = 1_700_000_000;

describe.each(testDialects)('related-tag ranking option on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
    // #cafe's posts: #latte (a big generic tag) in 10 of them, #beans (a small specific tag) in 4.
    const posts = Array.from({ length: 10 }, (_, i) => ({
      postId: `p${i}`,
      owner: `o${i}`,
      takenAt: T0 + i,
      placeId: null,
      hashtags: i < 4 ? ['cafe', 'latte', 'beans'] : ['cafe', 'latte'],
    }));
    await storeIngest(testApp.testDatabase.database, {
      hashtags: [
        { name: 'cafe', count: 500_000 },
        { name: 'latte', count: 10_000_000 },
        { name: 'beans', count: 1_000 },
      ],
      posts,
      network: 'instagram',
      source: 'test',
      now: 1000,
    });
  });
  afterAll(async () => testApp?.close());

  const relatedOrder = async (query: string) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/info/hashtag/cafe?recommended=1${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data[0].related_tags.map((tag: { hashtag: string }) => tag.hashtag);
  };

  it('orders by co-occurrence by default, and by the relevance score when asked: the specific tag first', async () => {
    expect(await relatedOrder('')).toEqual(['latte', 'beans']);
    expect(await relatedOrder('&ranking=subcount')).toEqual(['latte', 'beans']);
    expect(await relatedOrder('&ranking=spec')).toEqual(['beans', 'latte']);
  });

  it('orders by idfWeighted when asked: the strong co-occurrence first', async () => {
    expect(await relatedOrder('&ranking=idfWeighted')).toEqual(['latte', 'beans']);
  });

  it('refuses an unknown ranking with a message naming the choices', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/info/hashtag/cafe?recommended=1&ranking=best',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(
      /ranking.*spec, subcount, popularity, dampedLift, idfWeighted/,
    );
  });
});
