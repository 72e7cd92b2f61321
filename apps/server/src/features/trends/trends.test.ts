import { dayOfEpochMs, type Network } from '@tagscout/core/networks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { setBannedTags } from '../search/banned-tags.service.js';
import { storeIngest } from '../store/store.repository.js';

const today = dayOfEpochMs(Date.now());
// An hour before today ends: "the last 24 hours" is then nearly all today (at 00:30 it is nearly all
// yesterday, and the ranking below would be another).
const lateToday = (today + 1) * 86_400_000 - 3_600_000;
const isoDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

describe.each(testDialects)('trends on %s', (dialect) => {
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  /** Tags with counts on a network, then their uses per day (days before today: uses). */
  const store = async (network: Network, uses: Record<string, Record<number, number>>) => {
    const { database } = testApp.testDatabase;
    const names = Object.keys(uses);
    await storeIngest(database, {
      hashtags: names.map((name, i) => ({ name, count: 1000 + i })),
      network,
      source: network === 'sample' ? 'sample' : 'import',
      now: 1,
    });
    const ids = await database.db
      .selectFrom('hashtags')
      .select(['id', 'name'])
      .where('network', '=', network)
      .where('name', 'in', names)
      .execute();
    const rows = ids.flatMap(({ id, name }) =>
      Object.entries(uses[name]!).map(([ago, n]) => ({ hashtag_id: id, day: today - Number(ago), uses: n })),
    );
    if (rows.length > 0) await database.db.insertInto('hashtag_daily_uses').values(rows).execute();
    // Each use by a person of its own, so trending (which weighs people) sees the uses as they are.
    const byAuthor = rows.flatMap(({ hashtag_id, day, uses: n }) =>
      Array.from({ length: n }, (_, i) => ({ hashtag_id, day, author: `owner:person${i}`, posts: 1 })),
    );
    for (let at = 0; at < byAuthor.length; at += 1000)
      await database.db
        .insertInto('hashtag_daily_authors')
        .values(byAuthor.slice(at, at + 1000))
        .execute();
  };

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
      now: () => lateToday,
    });
    // bluesky: #rising used 2 a day the week before last and 5 a day last week; #steady has a gap.
    const rising: Record<number, number> = {};
    for (let ago = 0; ago < 7; ago++) rising[ago] = 5;
    for (let ago = 7; ago < 14; ago++) rising[ago] = 2;
    rising[40] = 1000; // outside the 30 days
    await store('bluesky', {
      rising,
      steady: { 0: 3, 29: 4 },
      newtag: { 1: 6 },
      // Trending: #surge grew from 10 to 60 a day, #bigger from 400 to 900, #small (9) is under the support.
      surge: { 0: 60, 1: 10, 2: 10 },
      bigger: { 0: 900, 1: 400, 2: 400 },
      small: { 0: 9 },
      falling: { 0: 5, 1: 100, 2: 100 },
      hidden: { 0: 500, 1: 1, 2: 1 },
    });
    // The same name on another network has uses of its own.
    await store('instagram', { rising: { 0: 1 }, surge: { 0: 40 } });
  });
  afterAll(async () => testApp?.close());

  it('gives the last 30 days zero-filled, the 7- and 30-day sums and the week-on-week change', async () => {
    const response = await get('/api/trends/hashtags?tags=Rising,steady,newtag,nosuchtag&network=bluesky');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.network).toBe('bluesky');
    expect(body.last_day).toBe(isoDate(today));
    expect(body.first_day).toBe(isoDate(today - 29));
    const [rising, steady, newtag, unknown] = body.trends;
    expect(rising.hashtag).toBe('rising');
    expect(rising.daily).toHaveLength(30);
    expect(rising.daily.slice(-14)).toEqual([2, 2, 2, 2, 2, 2, 2, 5, 5, 5, 5, 5, 5, 5]);
    expect(rising.daily.slice(0, 16)).toEqual(new Array(16).fill(0));
    expect(rising.last_7_days).toBe(35);
    expect(rising.last_30_days).toBe(49);
    expect(rising.week_change).toBeCloseTo(1.5);
    expect(steady.daily[0]).toBe(4);
    expect(steady.daily[29]).toBe(3);
    expect(steady.last_30_days).toBe(7);
    expect(steady.week_change).toBeNull();
    expect(newtag).toMatchObject({ last_7_days: 6, week_change: null });
    expect(unknown).toEqual({
      hashtag: 'nosuchtag',
      daily: new Array(30).fill(0),
      last_7_days: 0,
      last_30_days: 0,
      week_change: null,
    });
  });

  it('keeps networks apart', async () => {
    const body = (await get('/api/trends/hashtags?tags=rising,surge&network=instagram')).json();
    expect(body.network).toBe('instagram');
    expect(body.trends.map((trend: { last_30_days: number }) => trend.last_30_days)).toEqual([1, 40]);
    const trending = (await get('/api/trends/now?network=instagram')).json();
    expect(trending.trending.map((tag: { hashtag: string }) => tag.hashtag)).toEqual(['surge']);
  });

  it('ranks the tags that grew most over the last 24 hours, with a minimum of uses, banned tags left out', async () => {
    await setBannedTags(testApp.testDatabase.database, ['hidden'], 1);
    const response = await get('/api/trends/now?network=bluesky&limit=5');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.network).toBe('bluesky');
    // #surge went up 5 times (over a prior), #bigger about 2 times: relative growth wins; #falling,
    // #small (under 10 uses), the flat and the banned ones are not trending.
    expect(body.trending.map((tag: { hashtag: string }) => tag.hashtag)).toEqual(['surge', 'bigger']);
    const [surge] = body.trending;
    expect(surge.count).toBe(1003);
    expect(surge.last_24_hours).toBeGreaterThanOrEqual(60);
    expect(surge.last_24_hours).toBeLessThanOrEqual(70);
    expect(surge.previous_24_hours).toBeLessThanOrEqual(10);
    expect(surge.growth).toBeGreaterThan(body.trending[1].growth);
    expect(Date.parse(body.as_of)).toBeGreaterThan(0);
  });

  it('ends a snapshot network (the sample) on its last day, not today', async () => {
    await store('sample', { old: { 10: 50, 11: 5, 12: 5, 20: 7 } });
    const trend = (await get('/api/trends/hashtags?tags=old&network=sample')).json();
    expect(trend.last_day).toBe(isoDate(today - 10));
    expect(trend.trends[0].daily.slice(-3)).toEqual([5, 5, 50]);
    expect(trend.trends[0].last_7_days).toBe(60);
    const trending = (await get('/api/trends/now?network=sample')).json();
    expect(trending.trending).toMatchObject([{ hashtag: 'old', last_24_hours: 50, previous_24_hours: 5 }]);
    expect(trending.as_of.slice(0, 10)).toBe(isoDate(today - 10));
  });

  it('lists the networks holding data, the default first', async () => {
    const body = (await get('/api/networks')).json();
    expect(body.default).toBe('bluesky');
    expect(body.networks).toEqual(['bluesky', 'instagram', 'sample']);
  });

  it('answers bad requests with what is wrong', async () => {
    const none = await get('/api/trends/hashtags?tags=,,');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/at least one hashtag/);
    const many = Array.from({ length: 101 }, (_, i) => `tag${i}`).join(',');
    expect((await get(`/api/trends/hashtags?tags=${many}`)).json().error.message).toMatch(/at most 100/);
    expect((await get('/api/trends/hashtags?tags=a%20b')).json().error.message).toMatch(
      /not a valid hashtag/,
    );
    expect((await get('/api/trends/hashtags?tags=a&network=twitter')).statusCode).toBe(400);
    expect((await get('/api/trends/now?limit=51')).json().error.message).toMatch(/at most 50/);
    expect((await get('/api/trends/now?limit=x')).statusCode).toBe(400);
  });

  it('finds a tag named as it is written in a list by the network’s form of it (issue 31)', async () => {
    await store('mastodon', { cafe: { 0: 7 } });
    await store('bluesky', { 'k-pop': { 0: 3 } });
    const mastodon = (await get('/api/trends/hashtags?tags=Caf%C3%A9&network=mastodon')).json();
    expect(mastodon.trends).toMatchObject([{ hashtag: 'café', last_7_days: 7 }]);
    const bluesky = (await get('/api/trends/hashtags?tags=K-Pop,k-pop.&network=bluesky')).json();
    expect(bluesky.trends).toMatchObject([{ hashtag: 'k-pop', last_7_days: 3 }]);
  });
});
