import { generateCorpus } from '@tagscout/corpus';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { seedSampleCorpus, seedSampleIfEmpty } from './seed-corpus.js';

// A tenth of the bundled corpus, so both databases seed in seconds.
const corpus = { posts: 20_000, hashtags: 5_000, places: 200, profiles: 1_000, now: Date.UTC(2026, 0, 1) };

describe.each(testDialects)('the sample corpus on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt' });
    await seedSampleCorpus(testApp.testDatabase.database, generateCorpus(corpus), { now: Date.now() });
  }, 120_000);
  afterAll(async () => testApp.close());

  it('answers related tags of travel from the seeded posts', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/info/hashtag/travel?recommended=1',
      // A paying visitor's plan shows every related tag.
      headers: (await createTestViewer(testApp.app, 'paying')).headers,
    });
    expect(response.statusCode).toBe(200);
    // The sample is a network of its own, the one that answers when no other holds tags.
    expect(response.json().network).toBe('sample');
    const [travel] = response.json().data;
    expect(travel.hashtag).toBe('travel');
    expect(travel.count).toBeGreaterThan(0);
    // A tenth of the corpus has a tenth of its profiles: 3 posts each fill part of the 500 (decision 025).
    expect(travel.related_post_count).toBeGreaterThan(100);
    expect(travel.related_post_count).toBeLessThanOrEqual(500);
    expect(travel.related_tags.length).toBeGreaterThanOrEqual(10);
    for (const tag of travel.related_tags) {
      expect(tag.subcount).toBeGreaterThanOrEqual(2);
      expect(tag.authors).toBeGreaterThanOrEqual(2);
      expect(tag.authors).toBeLessThanOrEqual(tag.subcount);
    }
  });

  it("answers tags for a caption's words from the seeded captions, the table pruned of one-person rows", async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/suggest/caption',
      payload: { text: 'A trip to remember: wanderlust and adventure' },
      headers: { 'x-device-id': '7d7c6f8e-3f0c-4a36-9a52-0c8c0a6f2b11' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.network).toBe('sample');
    expect(body.words).toEqual(['trip', 'remember', 'wanderlust', 'adventure']);
    // A visitor sees the first 2: travel's tags, for travel's words.
    expect(body.suggestions).toHaveLength(2);
    expect(body.suggestions[0].words.length).toBeGreaterThan(0);
    const { db } = testApp.testDatabase.database;
    const single = await db
      .selectFrom('caption_word_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`(authors & (authors - 1)) = 0`)
      .executeTakeFirstOrThrow();
    expect(Number(single.n)).toBe(0);
  });

  it('answers autocomplete, places and users from the seeded store', async () => {
    const tags = (await testApp.app.inject({ method: 'GET', url: '/api/autocomplete/hashtag/trav' })).json()
      .hashtags;
    expect(tags[0]).toMatchObject({ hashtag: 'travel' });
    const counts = tags.map((tag: { count: number }) => tag.count).slice(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const { places } = (await testApp.app.inject({ method: 'GET', url: '/api/autocomplete/place/a' })).json();
    expect(places.length).toBeGreaterThan(0);
    const place = (
      await testApp.app.inject({ method: 'GET', url: `/api/info/place/${places[0].place_id}?recommended=1` })
    ).json().data[0];
    expect(place.related_post_count).toBeGreaterThan(0);
  });

  it('has trends that end on its last day, and tags trending on it', async () => {
    const trend = (
      await testApp.app.inject({ method: 'GET', url: '/api/trends/hashtags?tags=travel' })
    ).json();
    expect(trend.network).toBe('sample');
    expect(trend.last_day).toBe('2025-12-31');
    const [travel] = trend.trends;
    expect(travel.daily.every((uses: number) => uses > 0)).toBe(true);
    expect(travel.week_change).not.toBeNull();
    const trending = (await testApp.app.inject({ method: 'GET', url: '/api/trends/now' })).json();
    expect(trending.trending.length).toBeGreaterThan(3);
    for (const tag of trending.trending) expect(tag.last_24_hours).toBeGreaterThan(tag.previous_24_hours);
  });

  it('links every seeded post, and a later seed step does not seed again', async () => {
    const { database } = testApp.testDatabase;
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const pending = await database.db.selectFrom('posts').select('id').where('linked', '=', 0).execute();
    expect(pending).toEqual([]);
    const elsewhere = await database.db
      .selectFrom('hashtags')
      .select('name')
      .where('network', '<>', 'sample')
      .limit(1)
      .execute();
    expect(elsewhere).toEqual([]);
    // Seeding fills the daily uses, so trends work offline on the sample.
    const uses = await database.db
      .selectFrom('hashtag_daily_uses')
      .select((eb) => eb.fn.sum<number>('uses').as('n'))
      .executeTakeFirstOrThrow();
    const links = await database.db
      .selectFrom('post_hashtags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(uses.n)).toBe(Number(links.n));
    const generate = vi.fn(generateCorpus);
    expect(await seedSampleIfEmpty(database, { generate, now: Date.now() })).toBeNull();
    expect(generate).not.toHaveBeenCalled();
    expect(await count()).toBe(before);
  });
});

describe('the server process', () => {
  it('never seeds, even with SEED_CORPUS on: the seed step before it does (the server loads no generator)', async () => {
    const testApp = await buildTestApp('sqlite', { SEED_CORPUS: true });
    try {
      const anyPost = await testApp.testDatabase.database.db
        .selectFrom('posts')
        .select('id')
        .limit(1)
        .execute();
      expect(anyPost).toEqual([]);
    } finally {
      await testApp.close();
    }
  });
});
