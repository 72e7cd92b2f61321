import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, testClock } from '../../test/test-users.js';
import { storeIngest } from '../store/store.repository.js';

/** How many never-opened tags the store knows (tag1, tag2, ...): enough for every test's new lists. */
const NEW_TAGS = 60;

describe.each(testDialects)('the free related-search limit on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { now: clock.now });
    const database = testApp.testDatabase.database;
    const tags = ['travel', 'beach', ...Array.from({ length: NEW_TAGS }, (_, i) => `tag${i + 1}`)];
    await storeIngest(database, {
      network: 'bluesky',
      source: 'test',
      now: clock.now(),
      hashtags: tags.map((name) => ({ name, count: 10 })),
      places: ['p1', 'travel'].map((id) => ({ id, title: id, titleKey: id, count: 10 })),
      profiles: ['u1', 'travel'].map((id) => ({ id, username: id })),
    });
    await storeIngest(database, {
      network: 'instagram',
      source: 'test',
      now: clock.now(),
      hashtags: [{ name: 'travel', count: 10 }],
    });
  });
  afterAll(async () => testApp.close());

  const expand = (headers: Record<string, string>, url = '/api/info/hashtag/travel?recommended=1') =>
    testApp.app.inject({ method: 'GET', url, headers });
  /** The related list of a tag not opened before today. */
  let opened = 0;
  const expandNew = (headers: Record<string, string>) => {
    if (opened === NEW_TAGS) throw new Error('the store knows no more new tags: raise NEW_TAGS');
    return expand(headers, `/api/info/hashtag/tag${++opened}?recommended=1`);
  };

  it('lets a free user expand related tags 3 times plus one, then answers 403 until the next day', async () => {
    clock.startNextWindow(86_400_000);
    const { headers } = await createTestViewer(testApp.app, 'free');
    const urls = [
      '/api/info/hashtag/travel?recommended=1',
      '/api/info/place/p1?recommended=1',
      '/api/info/user/u1?recommended=1',
      '/api/info/hashtag/beach?recommended=1',
    ];
    // A count alone (no related tags) spends nothing.
    expect((await expand(headers, '/api/info/hashtag/travel')).statusCode).toBe(200);
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 4 });
    for (const url of urls) expect((await expand(headers, url)).statusCode).toBe(200);
    const blocked = await expandNew(headers);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('related_limit_reached');
    clock.advance(86_400_000);
    expect((await expandNew(headers)).statusCode).toBe(200);
  });

  it('gives back a search whose answer is an error: a tag, place or profile the store does not know', async () => {
    clock.startNextWindow(86_400_000);
    const { headers } = await createTestViewer(testApp.app, 'free');
    await expandNew(headers);
    const unknown = [
      '/api/info/hashtag/nosuchtag?recommended=1',
      '/api/info/place/nosuchplace?recommended=1',
      '/api/info/user/nosuchprofile?recommended=1',
    ];
    for (const url of unknown) expect((await expand(headers, url)).statusCode).toBe(404);
    // Asked again, even from many tabs at once, the unknown lists still spend nothing.
    const again = await Promise.all(unknown.map((url) => expand(headers, url)));
    expect(again.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 3 });
    // Three new lists spend what is left; an unknown tag at the limit is refused like any other.
    for (let expansion = 1; expansion <= 3; expansion++)
      expect((await expandNew(headers)).statusCode).toBe(200);
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 0 });
    expect((await expand(headers, unknown[0])).statusCode).toBe(403);
  });

  it('never lets a list open for nothing on the back of a request that failed and was given back', async () => {
    clock.startNextWindow(86_400_000);
    // Each visitor: a request the guard reads as #tagN's list but the service refuses (400: two
    // names), then #tagN's list itself, started 0 to 29 turns of the event loop later, so one of
    // them meets the failing request at each of its steps.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    for (let turns = 0; turns < 30; turns++) {
      const visitor = { 'x-device-id': randomUUID() };
      const failing = expand(visitor, '/api/info/hashtag/travel%2C!?recommended=1');
      for (let i = 0; i < turns; i++) await turn();
      const list = await expand(visitor, '/api/info/hashtag/travel?recommended=1');
      expect((await failing).statusCode).toBe(400);
      expect(list.statusCode).toBe(200);
      // The list answered was paid for.
      expect(await relatedSearchesOf(visitor), `${turns} turns later`).toEqual({ allowed: 4, left: 3 });
    }
  });

  it('counts a signed-out visitor by device id, and an expired trial like free', async () => {
    clock.startNextWindow(86_400_000);
    for (const headers of [
      { 'x-device-id': randomUUID() },
      (await createTestViewer(testApp.app, 'expiredTrial')).headers,
    ]) {
      for (let expansion = 1; expansion <= 4; expansion++)
        expect((await expandNew(headers)).statusCode).toBe(200);
      expect((await expandNew(headers)).statusCode).toBe(403);
    }
  });

  const relatedSearchesOf = async (headers: Record<string, string>) =>
    (await testApp.app.inject({ method: 'GET', url: '/api/account/me', headers })).json().relatedSearches;

  it('says in the Me answer what is left today, as the limit counts it, and resets with it', async () => {
    clock.startNextWindow(86_400_000);
    for (const headers of [
      (await createTestViewer(testApp.app, 'free')).headers,
      { 'x-device-id': randomUUID() },
    ]) {
      expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 4 });
      await expandNew(headers);
      await expandNew(headers);
      expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 2 });
      // Reading it spends nothing.
      expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 2 });
      await expandNew(headers);
      await expandNew(headers);
      expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 0 });
      expect((await expandNew(headers)).statusCode).toBe(403);
      expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 0 });
    }
    clock.advance(86_400_000);
    const { headers } = await createTestViewer(testApp.app, 'free');
    await expandNew(headers);
    clock.advance(86_400_000);
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 4 });
  });

  it('never limits trials, paying users or admins', async () => {
    for (const kind of ['anonymousTrial', 'emailTrial', 'paying', 'admin'] as const) {
      const { headers } = await createTestViewer(testApp.app, kind);
      for (let expansion = 1; expansion <= 8; expansion++)
        expect((await expand(headers)).statusCode).toBe(200);
      expect(await relatedSearchesOf(headers)).toBeNull();
    }
  });

  it('lets a list opened today be opened again for nothing (after a reload), at the limit too, from many tabs at once', async () => {
    clock.startNextWindow(86_400_000);
    const { headers } = await createTestViewer(testApp.app, 'free');
    await expand(headers);
    const again = await Promise.all(Array.from({ length: 5 }, () => expand(headers)));
    expect(again.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 3 });
    // The list as the server answers it: #Travel is travel; another ranking ranks other tags first.
    await expand(headers, '/api/info/hashtag/%23Travel?recommended=1');
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 3 });
    await expand(headers, '/api/info/hashtag/travel?recommended=1&ranking=popularity');
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 2 });
    // Named or not, the network that answers is the same list (Bluesky answers here when none is named).
    await expand(headers, '/api/info/hashtag/travel?recommended=1&network=bluesky');
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 2 });
    // The same tag on another network, a place or a profile of that name are other lists.
    await expand(headers, '/api/info/hashtag/travel?recommended=1&network=instagram');
    await expand(headers, '/api/info/place/travel?recommended=1');
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 0 });
    expect((await expand(headers, '/api/info/user/travel?recommended=1')).statusCode).toBe(403);
    expect((await expandNew(headers)).statusCode).toBe(403);
    // At the limit a new list asked for from many tabs at once is refused each time, and stays unpaid.
    const neverPaid = '/api/info/hashtag/beach?recommended=1';
    const burst = await Promise.all(Array.from({ length: 6 }, () => expand(headers, neverPaid)));
    expect(burst.map((answer) => answer.statusCode)).toEqual(Array(6).fill(403));
    expect((await expand(headers, neverPaid)).statusCode).toBe(403);
    expect((await expand(headers)).statusCode).toBe(200);
    expect((await expand(headers, '/api/info/place/travel?recommended=1')).statusCode).toBe(200);
    expect(await relatedSearchesOf(headers)).toEqual({ allowed: 4, left: 0 });
    // Another day counts it again.
    const device = { 'x-device-id': randomUUID() };
    await expand(device);
    await expand(device);
    expect(await relatedSearchesOf(device)).toEqual({ allowed: 4, left: 3 });
    clock.advance(86_400_000);
    await expand(device);
    expect(await relatedSearchesOf(device)).toEqual({ allowed: 4, left: 3 });
  });
});
