import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { storeIngest } from '../store/store.repository.js';
import { parseBannedTags, syncBannedTags } from './banned-tags.service.js';
import {
  countHashtagsByKeyPrefix,
  findHashtagsByKeyPrefix,
  findTopHashtagsByKeyPrefix,
} from './search.repository.js';

const folder = mkdtempSync(join(tmpdir(), 'tagscout-banned-'));
const bannedFile = join(folder, 'banned-tags.txt');
writeFileSync(bannedFile, '# Restricted tags\n\nalone\nBeach   # hidden since 2019\ntwo words\n#commented\n');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const T0 = 1_700_000_000;

describe.each(testDialects)('hashtag search, counts and banned tags on %s', (dialect) => {
  let testApp: TestApp;
  const get = async (url: string) => testApp.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { BANNED_TAGS_FILE: bannedFile });
    // 60 tags starting with "pho" with distinct counts, so the 50-cap and the order show.
    const photoTags = Array.from({ length: 60 }, (_, i) => ({ name: `photo${i}`, count: 1000 + i }));
    await storeIngest(testApp.testDatabase.database, {
      hashtags: [
        ...photoTags,
        { name: 'pho', count: 1 },
        { name: 'photography', count: 5_000_000 },
        { name: 'beach', count: 900_000 },
        { name: 'beachlife', count: 800_000 },
        { name: '🍕', count: 70 },
        { name: '🍕lover', count: 30 },
        { name: 'pizza🍕', count: 90 },
      ],
      places: [
        { id: 'pl1', title: 'Lisboa, Portugal', titleKey: 'lisboa, portugal', count: 500 },
        { id: 'pl2', title: 'Lisbon Oceanarium', titleKey: 'lisbon oceanarium', count: 900 },
        { id: 'pl3', title: 'Paris', titleKey: 'paris', count: 10_000 },
      ],
      profiles: [
        {
          id: 'u1',
          username: 'natgeo',
          full_name: 'National Geographic',
          followers: 280_000_000,
          is_verified: 1,
        },
        { id: 'u2', username: 'natalie', followers: 1200 },
        { id: 'u3', username: 'bob', followers: 5 },
      ],
      posts: [
        { postId: 'x1', owner: 'u1', takenAt: T0, placeId: null, hashtags: ['beach', 'sunset'] },
        { postId: 'x2', owner: 'u2', takenAt: T0 + 1, placeId: null, hashtags: ['beach', 'sunset', 'alone'] },
        { postId: 'x3', owner: 'u3', takenAt: T0 + 2, placeId: null, hashtags: ['sunset', 'alone'] },
      ],
      network: 'instagram',
      source: 'test',
      now: Date.now(),
    });
  });
  afterAll(async () => testApp.close());

  describe('GET /api/autocomplete/hashtag/:query', () => {
    it('puts the exact tag first, then prefix matches by count, at most 50', async () => {
      const response = await get('/api/autocomplete/hashtag/pho');
      expect(response.statusCode).toBe(200);
      const tags = response.json().hashtags;
      expect(tags).toHaveLength(50);
      expect(tags[0]).toEqual({ hashtag: 'pho', count: 1 });
      expect(tags[1]).toEqual({ hashtag: 'photography', count: 5_000_000 });
      expect(tags.slice(2, 5).map((tag: { hashtag: string }) => tag.hashtag)).toEqual([
        'photo59',
        'photo58',
        'photo57',
      ]);
      expect(tags[49]).toEqual({ hashtag: 'photo12', count: 1012 });
    });

    it('normalises the query: leading #, capitals', async () => {
      const response = await get(`/api/autocomplete/hashtag/${encodeURIComponent('#BEACH')}`);
      expect(response.json()).toEqual({
        network: 'instagram',
        hashtags: [
          { hashtag: 'beach', count: 900_000, banned: true },
          { hashtag: 'beachlife', count: 800_000 },
        ],
      });
    });

    it('answers a one-letter prefix the same way (top-tags path)', async () => {
      const response = await get('/api/autocomplete/hashtag/p');
      const tags = response.json().hashtags;
      expect(tags).toHaveLength(50);
      expect(tags.slice(0, 3).map((tag: { hashtag: string }) => tag.hashtag)).toEqual([
        'photography',
        'photo59',
        'photo58',
      ]);
    });

    it('works with an emoji-bearing query', async () => {
      const response = await get(`/api/autocomplete/hashtag/${encodeURIComponent('🍕')}`);
      expect(response.json()).toEqual({
        network: 'instagram',
        hashtags: [
          { hashtag: '🍕', count: 70 },
          { hashtag: '🍕lover', count: 30 },
        ],
      });
    });

    it('answers an empty list when nothing matches', async () => {
      expect((await get('/api/autocomplete/hashtag/zzzz')).json()).toEqual({
        network: 'instagram',
        hashtags: [],
      });
    });
  });

  it('GET /api/autocomplete/place/:query: title prefix, by count', async () => {
    const response = await get('/api/autocomplete/place/LISB');
    expect(response.json()).toEqual({
      places: [
        { place_id: 'pl2', title: 'Lisbon Oceanarium', count: 900 },
        { place_id: 'pl1', title: 'Lisboa, Portugal', count: 500 },
      ],
    });
  });

  it('GET /api/autocomplete/user/:query: username prefix, by followers', async () => {
    const response = await get('/api/autocomplete/user/nat');
    const users = response.json().users;
    expect(users.map((user: { username: string }) => user.username)).toEqual(['natgeo', 'natalie']);
    expect(users[0]).toEqual({
      profile_id: 'u1',
      username: 'natgeo',
      full_name: 'National Geographic',
      biography: '',
      followers: 280_000_000,
      following: 0,
      post_count: 0,
      is_business_account: false,
      business_category_name: null,
      is_private: false,
      is_verified: true,
    });
  });

  describe('GET /api/info/hashtag/:names', () => {
    it('answers counts in the order asked: -1 unknown, -2 needs a direct lookup', async () => {
      const response = await get(
        `/api/info/hashtag/${encodeURIComponent('beachlife,nosuch,#Beach,sunset,bad tag,🍕')}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        network: 'instagram',
        data: [
          { hashtag: 'beachlife', count: 800_000 },
          { hashtag: 'nosuch', count: -1 },
          { hashtag: 'beach', count: 900_000, banned: true },
          { hashtag: 'sunset', count: -2 },
          { hashtag: 'bad tag', count: -1 },
          { hashtag: '🍕', count: 70 },
        ],
      });
    });

    it('answers 100 names in one query', async () => {
      const names = Array.from({ length: 100 }, (_, i) => `photo${i}`);
      const data = (await get(`/api/info/hashtag/${names.join(',')}`)).json().data;
      expect(data).toHaveLength(100);
      expect(data[0]).toEqual({ hashtag: 'photo0', count: 1000 });
      expect(data[99]).toEqual({ hashtag: 'photo99', count: -1 });
    });

    it('refuses more than 100 names with a message', async () => {
      const names = Array.from({ length: 101 }, (_, i) => `t${i}`);
      const response = await get(`/api/info/hashtag/${names.join(',')}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'invalid_request',
          message: 'Ask for at most 100 hashtags at a time; this request names 101.',
        },
      });
    });

    it('refuses related tags for several names at once', async () => {
      const response = await get('/api/info/hashtag/beach,sunset?recommended=1');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Related tags are given for one hashtag at a time.');
    });

    it('refuses a bad recommended value', async () => {
      const response = await get('/api/info/hashtag/beach?recommended=maybe');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/recommended: must be 1 or 0/);
    });
  });

  describe('prefix search strategies (repository)', () => {
    it('counts prefix matches no further than the cap', async () => {
      const { database } = testApp.testDatabase;
      expect(
        await countHashtagsByKeyPrefix(database, { network: 'instagram', keyPrefix: 'pho', cap: 10 }),
      ).toBe(10);
      expect(
        await countHashtagsByKeyPrefix(database, { network: 'instagram', keyPrefix: 'bea', cap: 100 }),
      ).toBe(2);
    });

    it('finds among the most used tags the same answer as the full range, or says it cannot', async () => {
      const { database } = testApp.testDatabase;
      const full = await findHashtagsByKeyPrefix(database, {
        network: 'instagram',
        keyPrefix: 'photo',
        except: 'photo',
        limit: 5,
      });
      expect(full.map((tag) => tag.name)).toEqual([
        'photography',
        'photo59',
        'photo58',
        'photo57',
        'photo56',
      ]);
      // The 10 most used tags hold photography and photo59..photo53: enough for 5, not for 20.
      expect(
        await findTopHashtagsByKeyPrefix(database, {
          network: 'instagram',
          keyPrefix: 'photo',
          except: 'photo',
          limit: 5,
          among: 10,
        }),
      ).toEqual(full);
      expect(
        await findTopHashtagsByKeyPrefix(database, {
          network: 'instagram',
          keyPrefix: 'photo',
          except: 'photo',
          limit: 20,
          among: 10,
        }),
      ).toBeUndefined();
    });
  });

  describe('banned tags', () => {
    it('lists the tags of the file, normalised, skipping comments and invalid lines', async () => {
      const response = await get('/api/banned-tags');
      expect(response.json()).toEqual({ bannedTags: ['alone', 'beach'] });
    });

    it('marks banned tags in related tags', async () => {
      const response = await get('/api/info/hashtag/sunset?recommended=1');
      expect(response.json().data[0]).toEqual({
        hashtag: 'sunset',
        count: -2,
        related_tags: [
          { hashtag: 'alone', subcount: 2, authors: 2, relevance: 0, banned: true },
          { hashtag: 'beach', subcount: 2, authors: 2, relevance: 0, banned: true },
        ],
        related_post_count: 3,
      });
    });

    it('follows the file when it changes: tags no longer listed are unbanned', async () => {
      const changed = join(folder, 'changed.txt');
      writeFileSync(changed, 'alone\nnewlybanned\n');
      const warnings: string[] = [];
      await syncBannedTags(testApp.testDatabase.database, {
        path: changed,
        warn: (m) => warnings.push(m),
        now: Date.now(),
      });
      expect((await get('/api/banned-tags')).json()).toEqual({ bannedTags: ['alone', 'newlybanned'] });
      expect((await get('/api/info/hashtag/beach')).json().data[0]).toEqual({
        hashtag: 'beach',
        count: 900_000,
      });
      expect(warnings).toEqual([]);
      await syncBannedTags(testApp.testDatabase.database, {
        path: bannedFile,
        warn: () => {},
        now: Date.now(),
      });
    });
  });
});

describe('parseBannedTags', () => {
  it('reads one tag a line with # comments and reports bad lines by number', () => {
    expect(parseBannedTags('# header\nOne\n\n#two\nthree # why\nfour five\r\n#️⃣\n')).toEqual({
      tags: ['one', 'three'],
      problems: ['line 6: "four five" is not a valid hashtag'],
    });
  });
});
