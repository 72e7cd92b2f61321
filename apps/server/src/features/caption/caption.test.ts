import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { replaceBannedTags } from '../search/search.repository.js';
import type { PostToStore } from '../store/ingest-batch.js';
import { storeIngest } from '../store/store.repository.js';

const T0 = 1_700_000_000;

/** Captions people wrote with their tags; each is posted by three different people. */
const CAPTIONS: [string, string[]][] = [
  ['Golden hour at the beach, waves and sand', ['beach', 'sunset', 'goldenhour']],
  ['Waves crashing on the beach this morning', ['beach', 'surf']],
  ['Sand between my toes at the beach', ['beach', 'summer']],
  ['Sunset over the ocean waves', ['sunset', 'ocean']],
  ['Um café da manhã na praia com os amigos', ['praia', 'verao']],
  ['Fim de tarde na praia, pôr do sol lindo', ['praia', 'pordosol']],
  ['Best espresso in town this morning', ['coffee', 'espresso']],
  ['Morning coffee and a good book', ['coffee', 'books']],
];

function peoplePosts(): PostToStore[] {
  return [0, 1, 2].flatMap((person) =>
    CAPTIONS.map(([text, hashtags], i) => ({
      postId: `c${person}-${i}`,
      owner: `person${person}-${i}`,
      takenAt: T0 + person * 100 + i,
      placeId: null,
      hashtags,
      text,
    })),
  );
}

/** One loud account: 60 posts of the same words with its own two tags. */
function loudPosts(): PostToStore[] {
  return Array.from({ length: 60 }, (_, i) => ({
    postId: `loud-${i}`,
    owner: 'loud',
    takenAt: T0 + 1000 + i,
    placeId: null,
    hashtags: ['beachdeals', 'cheapflights'],
    text: 'Beach waves sand, book now, beach waves',
  }));
}

describe.each(testDialects)('POST /api/suggest/caption on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { RELATED_CACHE_SECONDS: 0 });
    const { database } = testApp.testDatabase;
    const posts = [...peoplePosts(), ...loudPosts()];
    const names = [...new Set(posts.flatMap((post) => post.hashtags))];
    await storeIngest(database, {
      hashtags: names.map((name) => ({ name, count: 1_000_000 })),
      posts,
      network: 'instagram',
      source: 'test',
      now: 1000,
    });
    // A crowd report's words never count: three made-up posts of one account, naming other owners.
    await storeIngest(database, {
      posts: [0, 1, 2].map((i) => ({
        postId: `crowd-${i}`,
        owner: `someone${i}`,
        takenAt: T0 + 2000 + i,
        placeId: null,
        hashtags: ['crowdtag', 'beach'],
        text: 'beach waves sand sunset ocean',
      })),
      network: 'instagram',
      source: 'crowd',
      submittedBy: 'reporter-1',
      crowdAuthor: 'owner',
      now: 2000,
    });
    await replaceBannedTags(database, ['surf'], 1000);
  });
  afterAll(async () => testApp?.close());

  const ask = async (payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url: '/api/suggest/caption', payload: payload as object, headers });
  const paying = async () => (await createTestViewer(testApp.app, 'paying')).headers;
  const names = (body: { suggestions: { hashtag: string }[] }) => body.suggestions.map((s) => s.hashtag);

  it('suggests best first the tags people use with the words of the caption', async () => {
    const response = await ask({ text: 'Walking on the beach, the waves and the sand' }, await paying());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.network).toBe('instagram');
    expect(body.words).toEqual(['walking', 'beach', 'waves', 'sand']);
    expect(body.given).toEqual([]);
    expect(body.suggestions[0]).toEqual({
      hashtag: 'beach',
      count: 1_000_000,
      score: 1,
      // Nine people wrote "beach" with #beach, and the loud account is one more (an estimate: decision 030).
      authors: expect.any(Number),
      words: expect.arrayContaining(['beach', 'waves', 'sand']),
    });
    expect(body.suggestions[0].authors).toBeGreaterThanOrEqual(9);
    expect(body.suggestions[0].authors).toBeLessThanOrEqual(12);
    expect(names(body)).toEqual(expect.arrayContaining(['sunset', 'summer', 'goldenhour']));
    expect(body.suggestions.find((s: { hashtag: string }) => s.hashtag === 'surf')).toMatchObject({
      banned: true,
    });
    for (let i = 1; i < body.suggestions.length; i++)
      expect(body.suggestions[i - 1].score).toBeGreaterThanOrEqual(body.suggestions[i].score);
  });

  it("lets no single author own a word's tags, however often it posts them", async () => {
    const body = (await ask({ text: 'beach waves sand' }, await paying())).json();
    expect(names(body)).not.toContain('beachdeals');
    expect(names(body)).not.toContain('cheapflights');
    // Nor does a crowd report's text feed the words.
    expect(names(body)).not.toContain('crowdtag');
  });

  it('reads Portuguese captions without their stop words', async () => {
    const body = (await ask({ text: 'Uma tarde na praia com amigos' }, await paying())).json();
    // "uma", "na", "com" and "tarde" are on the package's Portuguese list.
    expect(body.words).toEqual(['praia', 'amigos']);
    expect(names(body).slice(0, 2)).toEqual(expect.arrayContaining(['praia', 'verao']));
    expect(names(body)).toContain('pordosol');
  });

  it('uses the hashtags of the text as given tags and never suggests them back', async () => {
    const body = (await ask({ text: 'Morning at the #Beach with the waves #sunset' }, await paying())).json();
    expect(body.given).toEqual(['beach', 'sunset']);
    expect(names(body)).not.toContain('beach');
    expect(names(body)).not.toContain('sunset');
    // goldenhour goes with both tags (the list suggestions) and with the words.
    expect(names(body)).toContain('goldenhour');
  });

  it('answers the tags popular among captions for words nobody used, and honours limit and network', async () => {
    const headers = await paying();
    const unknown = (await ask({ text: 'xylophone zeppelin' }, headers)).json();
    expect(unknown).toMatchObject({ network: 'instagram', words: ['xylophone', 'zeppelin'], given: [] });
    // beach, praia and coffee are on most captions' posts (by people: the loud account's tags are not).
    expect(names(unknown).slice(0, 3)).toEqual(expect.arrayContaining(['beach', 'praia', 'coffee']));
    expect(names(unknown)).not.toContain('beachdeals');
    for (const suggestion of unknown.suggestions) expect(suggestion.words).toEqual([]);
    expect((await ask({ text: 'beach waves', limit: 2 }, headers)).json().suggestions).toHaveLength(2);
    expect((await ask({ text: 'beach waves', network: 'bluesky' }, headers)).json()).toMatchObject({
      network: 'bluesky',
      suggestions: [],
    });
  });

  it.each([
    [{}, /text/],
    [{ text: '   ' }, /Paste a caption or some words first/],
    [{ text: 42 }, /text must be the caption, as text/],
    [{ text: `${'long '.repeat(440)}x` }, /at most 2200 characters/],
    [{ text: 'beach', network: 'myspace' }, /network/],
    [{ text: 'beach', limit: 51 }, /limit must be at most 50/],
    [{ text: 'beach', owner: 'me' }, /Only text, network and limit may be sent/],
  ])('refuses %s with a message a user understands', async (payload, message) => {
    const response = await ask(payload, await paying());
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(message);
  });

  it('shows free visitors the first 2 and counts how many are held back', async () => {
    const { headers } = await createTestViewer(testApp.app, 'free');
    const full = (await ask({ text: 'beach waves sand' }, await paying())).json();
    expect(full.suggestions.length).toBeGreaterThan(2);
    const response = await ask({ text: 'beach waves sand' }, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...full,
      suggestions: full.suggestions.slice(0, 2),
      hidden: full.suggestions.length - 2,
    });
  });

  it('counts as one related search for the free daily limit, shared with list suggestions', async () => {
    const headers = { 'x-device-id': randomUUID() };
    const caption = () => ask({ text: 'beach waves' }, headers);
    expect((await caption()).statusCode).toBe(200);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/suggest/hashtags?tags=beach', headers }))
        .statusCode,
    ).toBe(200);
    expect((await caption()).statusCode).toBe(200);
    expect((await caption()).statusCode).toBe(200);
    const blocked = await caption();
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('related_limit_reached');
  });
});
