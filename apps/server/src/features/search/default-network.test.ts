import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { storeIngest } from '../store/store.repository.js';

const T0 = 1_700_000_000;

describe.each(testDialects)('the default network on %s', (dialect) => {
  let testApp: TestApp;
  const get = async (url: string) => testApp.app.inject({ method: 'GET', url, remoteAddress: '10.9.0.1' });

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt' });
    await storeIngest(testApp.testDatabase.database, {
      hashtags: [
        { name: 'travel', count: 5000 },
        { name: 'beach', count: 900 },
      ],
      posts: ['a', 'b', 'c'].map((owner, i) => ({
        postId: `s${i}`,
        owner,
        takenAt: T0 + i,
        placeId: null,
        hashtags: ['travel', 'beach'],
      })),
      network: 'sample',
      source: 'sample',
      now: 1,
    });
  });
  afterAll(async () => testApp?.close());

  it('is chosen from served data: one account reporting one made-up tag moves it nowhere', async () => {
    expect((await get('/api/networks')).json()).toMatchObject({ default: 'sample' });
    const { headers } = await createTestViewer(testApp.app, 'free');
    const report = await testApp.app.inject({
      method: 'POST',
      url: '/api/cache/autocomplete',
      headers,
      remoteAddress: '10.8.0.1',
      payload: { query: 'zzmadeup', hashtags: [{ hashtag: 'zzmadeup', count: 12 }] },
    });
    expect(report.statusCode).toBe(202);
    // The report is stored, pending agreement, on Instagram (ahead of the sample in the order).
    const pending = await testApp.testDatabase.database.db
      .selectFrom('hashtags')
      .select(['network', 'count_state'])
      .where('name', '=', 'zzmadeup')
      .execute();
    expect(pending).toEqual([{ network: 'instagram', count_state: 'pending' }]);

    testApp.app.hashtags.defaultNetwork.forget();
    expect((await get('/api/networks')).json()).toMatchObject({ default: 'sample', networks: ['sample'] });
    expect((await get('/api/info/hashtag/travel')).json()).toEqual({
      network: 'sample',
      data: [{ hashtag: 'travel', count: 5000 }],
    });
    const related = (await get('/api/info/hashtag/travel?recommended=1')).json();
    expect(related.data[0].related_tags.map((tag: { hashtag: string }) => tag.hashtag)).toEqual(['beach']);
    expect((await get('/api/autocomplete/hashtag/trav')).json().hashtags).toEqual([
      { hashtag: 'travel', count: 5000 },
    ]);
  });
});
