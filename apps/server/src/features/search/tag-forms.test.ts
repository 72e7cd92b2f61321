import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { storeIngest } from '../store/store.repository.js';
import { ingestRecommend } from '../store/store.service.js';
import { parseBannedTags } from './banned-tags.service.js';

const T0 = 1_700_000_000;
const post = (id: string, tags: string[]) => ({
  postId: id,
  owner: `o${id}`,
  takenAt: T0,
  placeId: null,
  hashtags: tags,
});

// Tags as each network makes them (issue 31): what is stored and what is searched for are folded by
// the same rules of the same network, so a search finds the tag however it is typed.
describe.each(testDialects)('tags as networks make them on %s', (dialect) => {
  let testApp: TestApp;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const typed = async (query: string, network: string) =>
    (
      (await get(`/api/autocomplete/hashtag/${encodeURIComponent(query)}?network=${network}`)).json()
        .hashtags as { hashtag: string }[]
    ).map((tag) => tag.hashtag);
  const counts = async (names: string, network: string, more = '') =>
    (await get(`/api/info/hashtag/${encodeURIComponent(names)}?network=${network}${more}`)).json();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt' });
    await storeIngest(testApp.testDatabase.database, {
      hashtags: [
        { name: 'k-pop', count: 40 },
        { name: 'istanbul', count: 30 },
        { name: 'Ⓜ️', count: 20 },
        { name: 'travel', count: 10 },
      ],
      posts: [post('b1', ['k-pop', 'istanbul']), post('b2', ['k-pop', 'istanbul'])],
      network: 'bluesky',
      source: 'bluesky',
      now: 1,
    });
  });
  afterAll(async () => testApp?.close());

  it('finds Bluesky’s k-pop, istanbul and Ⓜ️ however they are typed', async () => {
    expect(await typed('K-Pop', 'bluesky')).toEqual(['k-pop']);
    expect(await typed('#K-', 'bluesky')).toEqual(['k-pop']);
    expect(await typed('İstanbul', 'bluesky')).toEqual(['istanbul']);
    expect(await typed('Ⓜ️', 'bluesky')).toEqual(['Ⓜ️']);
    expect(await typed('trav\u{E0061}el', 'bluesky')).toEqual(['travel']);
  });

  it('counts and relates Bluesky tags asked by name', async () => {
    const info = await counts('K-Pop,İstanbul,travel.', 'bluesky');
    expect(info.data.map((tag: { hashtag: string; count: number }) => [tag.hashtag, tag.count])).toEqual([
      ['k-pop', 40],
      ['istanbul', 30],
      ['travel', 10],
    ]);
    const related = await counts('K-Pop', 'bluesky', '&recommended=1');
    expect(related.data[0].related_tags.map((tag: { hashtag: string }) => tag.hashtag)).toEqual(['istanbul']);
  });

  it('keeps café and cafe one Mastodon tag, stored and searched', async () => {
    await ingestRecommend(
      testApp.testDatabase.database,
      {
        hashtag: { hashtag: 'Café', count: 12 },
        posts: [
          { post_id: 'mastodon:1', owner: 'mastodon:9', timestamp: T0, hashtags: ['Café', 'crème'] },
          { post_id: 'mastodon:2', owner: 'mastodon:9', timestamp: T0, hashtags: ['cafe', 'creme'] },
        ],
      },
      { network: 'mastodon', source: 'mastodon', now: 2 },
    );
    expect(await typed('caf', 'mastodon')).toEqual(['cafe']);
    expect(await typed('Café', 'mastodon')).toEqual(['cafe']);
    const info = await counts('café,CAFE', 'mastodon');
    expect(info.data.map((tag: { hashtag: string; count: number }) => [tag.hashtag, tag.count])).toEqual([
      ['cafe', 12],
      ['cafe', 12],
    ]);
  });
});

describe('banned tags of every network', () => {
  it('bans Bluesky’s tags and folds names as stored', () => {
    expect(parseBannedTags('K-Pop\nİstanbul\ntrav\u{E0061}el\ntwo words\n')).toEqual({
      tags: ['istanbul', 'k-pop', 'travel'],
      problems: ['line 4: "two words" is not a valid hashtag'],
    });
  });
});
