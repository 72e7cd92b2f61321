import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { ingestAutocomplete } from './ingest.service.js';

/** What the operator imported: trusted as it is. */
const lisbon = { place_id: 'lisbon1', title: 'Lisbon, Portugal', count: 2_000_000 };
const ana = {
  profile_id: 'u1',
  username: 'ana.travels',
  full_name: 'Ana Travels',
  biography: 'Photos from the road',
  followers: 52_000,
  following: 310,
  post_count: 1200,
  is_business_account: false,
  is_private: false,
  is_verified: false,
};

/** One signed-in device rewrites both, and plants a place and a profile never seen before. */
const plantedPlaces = {
  query: 'lis',
  places: [
    { place_id: 'lisbon1', title: 'Buy coins at scam.example', count: 1 },
    { place_id: 'fake9', title: 'Lisbon Coin Casino', count: 9_999_999_999 },
  ],
};
const plantedUsers = {
  query: 'ana',
  users: [
    {
      ...ana,
      full_name: 'Send coins to win',
      biography: 'Visit scam.example',
      followers: 1,
      is_verified: true,
    },
    { profile_id: 'fake8', username: 'ana.official', followers: 9_999_999_999 },
  ],
};

describe.each(testDialects)('one device cannot rewrite a place or a profile, on %s', (dialect) => {
  let testApp: TestApp;
  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt' });
    const { database } = testApp.testDatabase;
    await ingestAutocomplete(
      database,
      { query: 'lis', places: [lisbon] },
      { network: 'instagram', source: 'import' },
    );
    await ingestAutocomplete(
      database,
      { query: 'ana', users: [ana] },
      { network: 'instagram', source: 'import' },
    );
  });
  afterAll(async () => testApp.close());

  it('leaves what another user sees as imported, and shows planted ones as being looked up', async () => {
    const device = await createTestViewer(testApp.app, 'free');
    for (const [url, payload] of [
      ['/api/cache/autocomplete', plantedPlaces],
      ['/api/cache/autocomplete', plantedUsers],
      ['/api/cache/recommend', { place: plantedPlaces.places[0], posts: [] }],
      ['/api/cache/recommend', { user: plantedUsers.users[0], posts: [] }],
    ] as const) {
      const response = await testApp.app.inject({ method: 'POST', url, headers: device.headers, payload });
      expect(response.statusCode).toBe(202);
    }

    // Another user, not signed in.
    expect((await get('/api/info/place/lisbon1')).data).toEqual([lisbon]);
    expect((await get('/api/autocomplete/place/lis')).places).toEqual([lisbon]);
    const [profile] = (await get('/api/info/user/u1')).data;
    expect(profile).toMatchObject({
      full_name: 'Ana Travels',
      biography: 'Photos from the road',
      followers: 52_000,
    });
    expect(profile.is_verified).toBe(false);
    expect(
      (await get('/api/autocomplete/user/ana')).users.map((user: { username: string }) => user.username),
    ).toEqual(['ana.travels']);

    // Never seen before: answered as being looked up, suggested to no one.
    expect((await get('/api/info/place/fake9')).data).toEqual([{ place_id: 'fake9', title: '', count: -2 }]);
    expect((await get('/api/info/user/fake8')).data[0]).toMatchObject({
      profile_id: 'fake8',
      username: '',
      followers: -2,
      following: -2,
      post_count: -2,
    });
  });
});
