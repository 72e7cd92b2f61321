import type { Network } from '@tagscout/core/networks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { storeIngest } from '../store/store.repository.js';

// Searches as people type them (issue 32): words with spaces, accents typed or left out, and
// text longer than any tag. Tags keep the accents they were stored with (decision 028).
describe.each(testDialects)('searches as people type them on %s', (dialect) => {
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const autocomplete = (query: string, network = 'instagram') =>
    get(`/api/autocomplete/hashtag/${encodeURIComponent(query)}?network=${network}`);
  const typed = async (query: string, network = 'instagram') => {
    const response = await autocomplete(query, network);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().hashtags as { hashtag: string }[]).map((tag) => tag.hashtag);
  };
  const longTag = 'a'.repeat(100);
  const pizzas = '🍕'.repeat(60);

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt' });
    const store = (network: Network, hashtags: { name: string; count: number }[]) =>
      storeIngest(testApp.testDatabase.database, { hashtags, network, source: 'test', now: 1 });
    await store('instagram', [
      { name: 'travel', count: 9000 },
      { name: 'travelphotography', count: 900 },
      { name: 'travelphotographylife', count: 40 },
      { name: 'travelphoto', count: 300 },
      { name: 'café', count: 500 },
      { name: 'cafe', count: 300 },
      { name: 'cafés', count: 40 },
      { name: 'cafeteria', count: 20 },
      { name: 'crème', count: 30 },
      { name: 'creme', count: 10 },
      { name: 'phở', count: 25 },
      { name: 'łódź', count: 15 },
      { name: 'ørsted', count: 5 },
      { name: 'straße', count: 5 },
      { name: longTag, count: 3 },
      { name: pizzas, count: 2 },
    ]);
    await store('bluesky', [
      { name: 'crème-brûlée', count: 5 },
      { name: 'creme-brulee', count: 3 },
    ]);
  });
  afterAll(async () => testApp?.close());

  it('finds the joined tag, and the tags starting with it, for words typed with spaces', async () => {
    expect(await typed('travel photography')).toEqual(['travelphotography', 'travelphotographylife']);
    expect(await typed('#Travel #Photography')).toEqual(['travelphotography', 'travelphotographylife']);
    expect(await typed('travel photo')).toEqual([
      'travelphoto',
      'travelphotography',
      'travelphotographylife',
    ]);
  });

  it('finds a tag with its accents or without them, and shows it as stored', async () => {
    // The tag typed in full first, then the others by count.
    expect(await typed('cafe')).toEqual(['cafe', 'café', 'cafés', 'cafeteria']);
    expect(await typed('café')).toEqual(['café', 'cafe', 'cafés', 'cafeteria']);
    expect(await typed('CAFÉS')).toEqual(['cafés']);
    expect(await typed('caf')).toEqual(['café', 'cafe', 'cafés', 'cafeteria']);
    expect(await typed('creme')).toEqual(['creme', 'crème']);
    expect(await typed('crème')).toEqual(['crème', 'creme']);
    expect(await typed('pho')).toEqual(['phở']);
    expect(await typed('lodz')).toEqual(['łódź']);
    expect(await typed('orsted')).toEqual(['ørsted']);
    expect(await typed('creme brulee', 'bluesky')).toEqual([]);
    expect(await typed('creme-brulee', 'bluesky')).toEqual(['creme-brulee', 'crème-brûlée']);
    expect(await typed('crème-b', 'bluesky')).toEqual(['crème-brûlée', 'creme-brulee']);
    // ß is a letter of its own, not an accented s.
    expect(await typed('strasse')).toEqual([]);
    expect(await typed('straß')).toEqual(['straße']);
  });

  it('answers a query longer than any tag with no tags, not an error', async () => {
    expect(await typed(`${longTag}a`)).toEqual([]);
    expect(await typed(`${longTag} and more words after it`)).toEqual([]);
    expect(await typed('a'.repeat(300))).toEqual([]);
  });

  it('finds the longest tags, typed in full, with spaces or with emoji', async () => {
    expect(await typed(longTag)).toEqual([longTag]);
    expect(await typed(`${'a'.repeat(50)} ${'a'.repeat(50)}`)).toEqual([longTag]);
    expect(await typed(`#${pizzas}`)).toEqual([pizzas]);
  });

  it('refuses only text no tag could come from, saying how long a query may be', async () => {
    const response = await autocomplete('a'.repeat(301));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('query: must be at most 300 characters');
  });
});
