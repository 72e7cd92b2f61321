import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { replaceBannedTags } from '../search/search.repository.js';
import { storeIngest } from '../store/store.repository.js';

const T0 = 1_700_000_000;

/** Posts: #sunset and #beach together with #golden (3 posts), each alone with other tags; stored 3 times. */
const POSTS: string[][] = [
  ['beach', 'sunset', 'golden'],
  ['beach', 'sunset', 'golden'],
  ['beach', 'sunset', 'golden', 'sea'],
  ['beach', 'sea'],
  ['beach', 'sea'],
  ['beach', 'sand', 'sea'],
  ['beach', 'sand'],
  ['sunset', 'sky'],
  ['sunset', 'sky'],
  ['sunset', 'sky', 'clouds'],
  ['sunset', 'clouds'],
  ['sunset', 'spam'],
  ['sunset', 'spam'],
];

describe.each(testDialects)('GET /api/suggest/hashtags on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { RELATED_CACHE_SECONDS: 0 });
    const names = [...new Set(POSTS.flat())];
    await storeIngest(testApp.testDatabase.database, {
      hashtags: names.map((name) => ({ name, count: 1_000_000 })),
      // Each post written three times, by three people (suggestions count people, decision 025).
      posts: [0, 1, 2].flatMap((copy) =>
        POSTS.map((hashtags, i) => ({
          postId: `s${copy}-${i}`,
          owner: `o${copy}-${i}`,
          takenAt: T0 + copy * POSTS.length + i,
          placeId: null,
          hashtags,
        })),
      ),
      network: 'instagram',
      source: 'test',
      now: 1000,
    });
    await replaceBannedTags(testApp.testDatabase.database, ['spam'], 1000);
  });
  afterAll(async () => testApp?.close());

  const suggest = async (query: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: `/api/suggest/hashtags?${query}`, headers });
  const paying = async () => (await createTestViewer(testApp.app, 'paying')).headers;

  it('suggests best first what posts with several of the tags carry, never a given tag', async () => {
    const response = await suggest('tags=beach,%23Sunset', await paying());
    expect(response.statusCode, response.body).toBe(200);
    const { suggestions } = response.json();
    expect(suggestions[0]).toEqual({
      hashtag: 'golden',
      count: 1_000_000,
      score: expect.any(Number),
      subcount: 18,
      lists: 2,
      authors: 9,
    });
    const names = suggestions.map((s: { hashtag: string }) => s.hashtag);
    expect(names).not.toContain('beach');
    expect(names).not.toContain('sunset');
    expect(names).toEqual(expect.arrayContaining(['sea', 'sky', 'sand', 'clouds']));
    for (let i = 1; i < suggestions.length; i++)
      expect(suggestions[i - 1].score).toBeGreaterThanOrEqual(suggestions[i].score);
  });

  it('changes as the list changes and flags banned tags', async () => {
    const headers = await paying();
    const [beachOnly, sunsetOnly] = await Promise.all([
      suggest('tags=beach', headers),
      suggest('tags=sunset', headers),
    ]);
    expect(beachOnly.json().suggestions[0].hashtag).toBe('sea');
    const spam = sunsetOnly.json().suggestions.find((s: { hashtag: string }) => s.hashtag === 'spam');
    expect(spam).toMatchObject({ banned: true, subcount: 6, lists: 1, authors: 6 });
  });

  it('honours limit and answers an empty list for unknown tags', async () => {
    const headers = await paying();
    expect((await suggest('tags=beach,sunset&limit=2', headers)).json().suggestions).toHaveLength(2);
    expect((await suggest('tags=neverseen', headers)).json()).toEqual({
      network: 'instagram',
      suggestions: [],
    });
  });

  it.each([
    ['tags=', /at least one hashtag/],
    ['limit=3', /tags/],
    ['tags=beach,no%20way', /"no way" is not a valid hashtag/],
    [
      `tags=${Array.from({ length: 31 }, (_, i) => `t${i}`).join(',')}`,
      /at most 30 hashtags; this list has 31/,
    ],
    ['tags=beach&limit=51', /limit: must be at most 50/],
    ['tags=beach&limit=0', /limit: must be at least 1/],
  ])('refuses %s with a message a user understands', async (query, message) => {
    const response = await suggest(query, await paying());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(message);
  });

  it('shows free visitors the first 2 and counts how many are held back', async () => {
    const { headers } = await createTestViewer(testApp.app, 'free');
    const full = (await suggest('tags=beach,sunset', await paying())).json();
    const response = await suggest('tags=beach,sunset', headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      network: 'instagram',
      suggestions: full.suggestions.slice(0, 2),
      hidden: full.suggestions.length - 2,
    });
  });

  it('counts as one related search for the free daily limit, shared with related tags', async () => {
    const headers = { 'x-device-id': randomUUID() };
    const call = (url: string) => testApp.app.inject({ method: 'GET', url, headers });
    // The free limit is 3 searches plus one more, whichever of the two kinds they are.
    expect((await call('/api/suggest/hashtags?tags=beach')).statusCode).toBe(200);
    expect((await call('/api/info/hashtag/beach?recommended=1')).statusCode).toBe(200);
    expect((await call('/api/suggest/hashtags?tags=beach,sunset')).statusCode).toBe(200);
    expect((await call('/api/suggest/hashtags?tags=sunset')).statusCode).toBe(200);
    const blocked = await call('/api/suggest/hashtags?tags=beach');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('related_limit_reached');
    expect((await call('/api/info/hashtag/sunset?recommended=1')).statusCode).toBe(403);
    // A tag's related list opened today opens again for nothing; a list's suggestions count each time.
    expect((await call('/api/info/hashtag/beach?recommended=1')).statusCode).toBe(200);
  });

  it('never limits paying users', async () => {
    const headers = await paying();
    for (let call = 1; call <= 6; call++) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/suggest/hashtags?tags=beach',
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().hidden).toBeUndefined();
    }
  });

  it('shows -2 for a suggested tag whose count needs a direct lookup, -1 for one never counted', async () => {
    const { db } = testApp.testDatabase.database;
    const setState = (name: string, state: 'known' | 'lookup' | 'unknown') =>
      db.updateTable('hashtags').set({ count_state: state }).where('name', '=', name).execute();
    await setState('clouds', 'lookup');
    await setState('sky', 'unknown');
    try {
      const { suggestions } = (await suggest('tags=sunset', await paying())).json();
      const countOf = (name: string) =>
        suggestions.find((s: { hashtag: string }) => s.hashtag === name)?.count;
      expect([countOf('clouds'), countOf('sky'), countOf('golden')]).toEqual([-2, -1, 1_000_000]);
    } finally {
      await setState('clouds', 'known');
      await setState('sky', 'known');
    }
  });
});
