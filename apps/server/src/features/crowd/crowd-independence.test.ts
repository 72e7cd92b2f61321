import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import {
  IMPORTED_PROFILE as ana,
  importPlaceAndProfile,
  IMPORTED_PLACE as lisbon,
} from '../../test/crowd-fixtures.js';
import {
  type CrowdSubmitter,
  type CrowdSubmitterOrigin,
  crowdSubmitters,
} from '../../test/crowd-submitters.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { testClock } from '../../test/test-users.js';
import { ingestAutocomplete } from '../store/store.service.js';

const HOUR = 3_600_000;
const SCAM = 'Lisbon FREE CRYPTO t.me/freecoins';

/**
 * Issue 31: one person's three accounts set "travel" to 1, put a scam tag at 9,999,999,999 on top
 * of autocomplete, renamed a place and rewrote a profile's bio. Reporters count as independent only
 * from different networks (/24, /48), with different mail domains, and with accounts old enough
 * (decision 025).
 */
describe.each(testDialects)('independent reporters, on %s', (dialect) => {
  let testApp: TestApp;
  let crowd: ReturnType<typeof crowdSubmitters>;
  const clock = testClock();
  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();

  const start = async (overrides: Partial<Config> = {}) => {
    testApp = await buildTestApp(dialect, {
      now: clock.now,
      BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt',
      CACHE_RATE_LIMIT_PER_MINUTE: 10_000,
      ...overrides,
    });
    crowd = crowdSubmitters(testApp.app);
    const { database } = testApp.testDatabase;
    await ingestAutocomplete(
      database,
      { query: 'trav', hashtags: [{ hashtag: 'travel', count: 507_501_370 }] },
      { network: 'instagram', source: 'import', now: clock.now() },
    );
    await importPlaceAndProfile(database);
  };
  afterEach(async () => testApp?.close());

  /** The four changes, sent by one account. */
  const attack = async (submitter: CrowdSubmitter, headers: Record<string, string> = {}) => {
    for (const payload of [
      {
        query: 'trav',
        hashtags: [
          { hashtag: 'travel', count: 1 },
          { hashtag: 'travelscamcoin', count: 9_999_999_999 },
        ],
      },
      { query: 'lis', places: [{ ...lisbon, title: SCAM }] },
      { query: 'ana', users: [{ ...ana, biography: SCAM }] },
    ]) {
      const response = await crowd.send(submitter, '/api/cache/autocomplete', payload, headers);
      expect(response.statusCode).toBe(202);
    }
  };
  const attackFrom = async (origins: CrowdSubmitterOrigin[]) => {
    for (const origin of origins) await attack(await crowd.create(origin));
  };
  const served = async () => ({
    travel: (await get('/api/info/hashtag/travel')).data[0].count,
    suggested: (await get('/api/autocomplete/hashtag/trav')).hashtags.map(
      (tag: { hashtag: string }) => tag.hashtag,
    ),
    placeTitle: (await get('/api/info/place/lisbon1')).data[0].title,
    biography: (await get('/api/info/user/u1')).data[0].biography,
  });
  const untouched = {
    travel: 507_501_370,
    suggested: ['travel'],
    placeTitle: lisbon.title,
    biography: ana.biography,
  };
  const taken = {
    travel: 1,
    suggested: ['travelscamcoin', 'travel'],
    placeTitle: SCAM,
    biography: SCAM,
  };

  describe('with the default quorum (3) and account age (24 hours)', () => {
    beforeEach(async () => start());

    it('three accounts from three networks and mail domains, old enough, agree (what the rules let through)', async () => {
      await attackFrom([{}, {}, {}]);
      expect(await served()).toEqual(taken);
    });

    it('three accounts from one /24 cannot make a count, a tag, a place title or a profile bio agree', async () => {
      await attackFrom([
        { address: '203.0.113.10' },
        { address: '203.0.113.77' },
        { address: '203.0.113.250' },
      ]);
      expect(await served()).toEqual(untouched);
      const reports = await testApp.testDatabase.database.db
        .selectFrom('crowd_reports')
        .select('client_network')
        .distinct()
        .execute();
      // The network is kept, not the address.
      expect(reports).toEqual([{ client_network: '203.0.113.0/24' }]);
    });

    it('three accounts from one IPv6 /48 (three /64s) cannot either', async () => {
      await attackFrom([
        { address: '2001:db8:7:1::1' },
        { address: '2001:db8:7:2::1' },
        { address: '2001:db8:7:ffff:1:2:3:4' },
      ]);
      expect(await served()).toEqual(untouched);
    });

    it('accounts younger than CROWD_MIN_ACCOUNT_AGE_HOURS do not count; their reports count once they are old', async () => {
      const young = [
        await crowd.create({ ageMs: 0 }),
        await crowd.create({ ageMs: HOUR }),
        await crowd.create({ ageMs: 23 * HOUR }),
      ];
      for (const submitter of young) await attack(submitter);
      expect(await served()).toEqual(untouched);
      clock.advance(24 * HOUR + 1000);
      // The next report of any of the items decides them again, now from three old accounts.
      await attack(young[0]!);
      expect(await served()).toEqual(taken);
    });

    it('three accounts at one mail domain count as one for the same item, its subdomains too', async () => {
      await attackFrom([
        { mailDomain: 'catchall.example' },
        { mailDomain: 'a.catchall.example' },
        { mailDomain: 'mx.b.catchall.example' },
      ]);
      expect(await served()).toEqual(untouched);
    });

    it('three accounts at the +addresses of one mailbox, from three networks, count as one (issue 36)', async () => {
      const mailbox = `ana${Date.now()}`;
      await attackFrom(['x', 'y', 'z'].map((tag) => ({ email: `${mailbox}+${tag}@mail.example.org` })));
      expect(await served()).toEqual(untouched);
    });

    it('a forged X-Forwarded-For counts for nothing without TRUST_PROXY', async () => {
      const origins = ['192.0.2.1', '198.18.0.1', '203.0.113.1'];
      for (const forged of origins) {
        await attack(await crowd.create({ address: '198.51.100.7' }), { 'x-forwarded-for': forged });
      }
      expect(await served()).toEqual(untouched);
    });
  });

  describe('forwarded addresses', () => {
    const forged = ['192.0.2.1', '198.18.0.1', '203.0.113.1'];

    it('a hop count trusts X-Forwarded-For only from a proxy at a loopback or private address', async () => {
      await start({ TRUST_PROXY: 1 });
      // Straight from the internet, forging the header: one network.
      for (const address of forged) {
        await attack(await crowd.create({ address: '198.51.100.7' }), { 'x-forwarded-for': address });
      }
      expect(await served()).toEqual(untouched);
      // Through the proxy on this machine: three networks.
      for (const address of forged) {
        await attack(await crowd.create({ address: '127.0.0.1' }), { 'x-forwarded-for': address });
      }
      expect(await served()).toEqual(taken);
    });

    it('TRUST_PROXY as a list trusts X-Forwarded-For only from the proxies it names', async () => {
      await start({ TRUST_PROXY: ['198.51.100.0/28', '2001:db8:ff::1'] });
      // A client that is not a listed proxy, even one on this machine, forging the header: one network.
      for (const address of forged) {
        await attack(await crowd.create({ address: '127.0.0.1' }), { 'x-forwarded-for': address });
      }
      expect(await served()).toEqual(untouched);
      // Through the listed proxy: three networks.
      for (const address of forged) {
        await attack(await crowd.create({ address: '198.51.100.7' }), { 'x-forwarded-for': address });
      }
      expect(await served()).toEqual(taken);
    });
  });

  it('a CROWD_QUORUM 1 install trusts its one reporter, a new account at once', async () => {
    await start({ CROWD_QUORUM: 1 });
    await attack(await crowd.create({ ageMs: 0 }));
    expect(await served()).toEqual(taken);
  });
});
