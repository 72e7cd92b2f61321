import { dayOfEpochMs } from '@tagscout/core/networks';
import {
  accountEvent,
  type FakeJetstream,
  identityEvent,
  likeCreate,
  makeDid,
  postCreate,
  postDelete,
  startFakeJetstream,
} from '@tagscout/sources/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { connectDatabase } from '../../db/connect.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp } from '../../test/test-users.js';
import { CONSUMER_LOCK_KEY } from './firehose.runtime.js';

const TUNING = { lockRetryMs: 100, maintenanceMs: 3_600_000, reconnectMs: 50, batchMaxWaitMs: 10 };
const DAY_US = 86_400_000_000;

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDialects)('the Bluesky firehose on %s', (dialect) => {
  let fake: FakeJetstream;
  let testApp: TestApp;
  const alice = makeDid('alice');
  const bob = makeDid('bob');

  const start = (database?: TestApp['testDatabase']) =>
    buildTestApp(dialect, { BLUESKY_JETSTREAM_URL: [fake.url], firehoseTuning: TUNING }, {}, database);
  const db = () => testApp.testDatabase.database.db;
  const cursor = async () =>
    (
      await db()
        .selectFrom('stream_cursors')
        .select('cursor')
        .where('stream', '=', 'bluesky')
        .executeTakeFirst()
    )?.cursor;
  /** Publishes events and waits until the consumer has stored past the last of them. */
  const publish = async (...events: Parameters<FakeJetstream['publish']>[0][]) => {
    const times = fake.publish(events.flat());
    const last = Math.max(...times);
    await until(async () => Number(await cursor()) >= last, 'the cursor to pass the events');
    return times;
  };
  const counts = async () =>
    Object.fromEntries(
      (
        await db()
          .selectFrom('hashtags')
          .select(['name', 'post_count', 'count_state', 'count_source'])
          .where('network', '=', 'bluesky')
          .where('count_source', '=', 'bluesky')
          .execute()
      ).map((row) => [row.name, `${row.post_count} ${row.count_state} ${row.count_source}`]),
    );
  const uses = async () =>
    (
      await db()
        .selectFrom('hashtag_daily_uses')
        .innerJoin('hashtags', 'hashtags.id', 'hashtag_daily_uses.hashtag_id')
        .select(['hashtags.name', 'day', 'uses'])
        .where('hashtags.network', '=', 'bluesky')
        .orderBy('hashtags.name')
        .orderBy('day')
        .execute()
    ).map((row) => `${row.name}@${row.day}=${row.uses}`);
  const storedPosts = async () =>
    (
      await db()
        .selectFrom('posts')
        .select(['post_id', 'owner', 'langs', 'source'])
        .where('network', '=', 'bluesky')
        .orderBy('post_id')
        .execute()
    ).map((row) => `${row.post_id} ${row.owner} ${row.langs} ${row.source}`);
  const links = async () =>
    Number(
      (
        await db()
          .selectFrom('post_hashtags')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // A fake of its own per test: a restart's rewind would otherwise replay earlier tests' events.
  beforeEach(async () => {
    fake = await startFakeJetstream();
  });
  afterEach(async () => {
    await testApp?.close();
    await fake.close();
  });

  it('counts every tagged post on network bluesky, stores those with two tags, and serves related tags', async () => {
    testApp = await start();
    await fake.waitForConnections(1);
    const today = dayOfEpochMs(Date.now());
    await publish(
      postCreate({ did: alice, rkey: '3kart0000001a', tags: ['Art', 'Sky'], langs: ['en'] }),
      postCreate({ did: alice, rkey: '3kart0000002a', tags: ['art'], recordTags: ['SKY', 'ink'] }),
      postCreate({ did: bob, rkey: '3kart0000003a', tags: ['art', 'sky'] }),
      postCreate({ did: bob, rkey: '3kart0000004a', text: 'no tags' }),
      likeCreate({ did: bob }),
      identityEvent({ did: bob, handle: 'bob.bsky.social' }),
    );
    expect(await counts()).toEqual({
      art: '3 known bluesky',
      sky: '3 known bluesky',
      ink: '1 known bluesky',
    });
    expect(await uses()).toEqual([`art@${today}=3`, `ink@${today}=1`, `sky@${today}=3`]);
    expect(await storedPosts()).toEqual([
      `at://${bob}/app.bsky.feed.post/3kart0000003a ${bob} null bluesky`,
      `at://${alice}/app.bsky.feed.post/3kart0000001a ${alice} en bluesky`,
      `at://${alice}/app.bsky.feed.post/3kart0000002a ${alice} null bluesky`,
    ]);
    // No other network took anything.
    const other = await db()
      .selectFrom('posts')
      .select('post_id')
      .where('network', '!=', 'bluesky')
      .execute();
    expect(other).toEqual([]);

    const info = await testApp.app.inject({
      method: 'GET',
      url: '/api/info/hashtag/art?recommended=1&network=bluesky',
      remoteAddress: freshIp(),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().network).toBe('bluesky');
    const [art] = info.json().data;
    expect(art).toMatchObject({ hashtag: 'art', count: 3 });
    expect(art.related_tags.map((tag: { hashtag: string }) => tag.hashtag)).toEqual(['sky']);
    // Without ?network= the first network of DEFAULT_NETWORK holding data answers: Bluesky now.
    const plain = await testApp.app.inject({
      method: 'GET',
      url: '/api/autocomplete/hashtag/ar',
      remoteAddress: freshIp(),
    });
    expect(plain.json().network).toBe('bluesky');
    expect(plain.json().hashtags[0]).toEqual({ hashtag: 'art', count: 3 });
  });

  it('removes deleted posts and the posts of deleted accounts, keeping their counted uses', async () => {
    testApp = await start();
    await fake.waitForConnections(1);
    await publish(
      postCreate({ did: alice, rkey: '3kdel0000001a', tags: ['delete', 'me'] }),
      postCreate({ did: bob, rkey: '3kdel0000002a', tags: ['delete', 'bob'] }),
      postCreate({ did: bob, rkey: '3kdel0000003a', tags: ['delete', 'bob2'] }),
    );
    expect(await storedPosts()).toHaveLength(3);
    expect(await links()).toBe(6);
    await publish(postDelete({ did: alice, rkey: '3kdel0000001a' }));
    expect(await storedPosts()).toHaveLength(2);
    expect(await links()).toBe(4);
    // Suspended accounts may come back: their posts stay; deleted ones go.
    await publish(accountEvent({ did: bob, active: false, status: 'suspended' }));
    expect(await storedPosts()).toHaveLength(2);
    await publish(accountEvent({ did: bob, active: false, status: 'deleted' }));
    expect(await storedPosts()).toEqual([]);
    expect(await links()).toBe(0);
    expect((await counts()).delete).toBe('3 known bluesky');
    // A create replayed after its delete is not counted or stored again.
    fake.dropConnections();
    await fake.waitForConnections(fake.connections.length + 1);
    expect(fake.connections.at(-1)!.cursor).toBeLessThan(Number(await cursor()));
    await publish(postCreate({ did: alice, rkey: '3kdel0000004a', tags: ['other', 'tags'] }));
    expect((await counts()).delete).toBe('3 known bluesky');
    expect(await storedPosts()).toHaveLength(1);
  });

  it('resumes after a restart from the stored cursor minus 5 s without counting replayed posts twice', async () => {
    testApp = await start();
    await fake.waitForConnections(1);
    const first = fake.connections.length;
    await publish(
      postCreate({ did: alice, rkey: '3kres0000001a', tags: ['resume', 'one'] }),
      postCreate({ did: alice, rkey: '3kres0000002a', tags: ['resume'] }),
    );
    const stored = Number(await cursor());
    const before = await uses();
    // A restart: the app closes; a new one opens the same store.
    const database = testApp.testDatabase;
    await testApp.app.close();
    testApp = await start(database);
    await fake.waitForConnections(first + 1);
    expect(fake.connections.at(-1)!.cursor).toBe(stored - 5_000_000);
    await publish(postCreate({ did: bob, rkey: '3kres0000003a', tags: ['resume'] }));
    expect(await uses()).toEqual(
      before.map((line) => (line.startsWith('resume@') ? line.replace(/=2$/, '=3') : line)),
    );
    expect((await counts()).resume).toBe('3 known bluesky');
  });

  it("survives the fake's faults: cut connections, malformed frames; reports them in health and to admins", async () => {
    testApp = await start();
    await fake.waitForConnections(1);
    const connectionsBefore = fake.connections.length;
    fake.cutConnectionsAfter(2);
    // 10 s apart, so the 5 s rewind replays only the last event stored before each cut.
    const nowUs = Date.now() * 1000;
    const events = Array.from({ length: 9 }, (_, i) =>
      postCreate({
        did: alice,
        rkey: `3kcut000000${i}a`,
        tags: ['cut', `n${i}`],
        timeUs: nowUs - (9 - i) * 10_000_000,
      }),
    );
    await publish(...events);
    fake.cutConnectionsAfter(undefined);
    expect(fake.connections.length).toBeGreaterThan(connectionsBefore + 2);
    expect((await counts()).cut).toBe('9 known bluesky');
    expect(await storedPosts()).toHaveLength(9);

    await fake.waitForConnections(fake.connections.length);
    await until(() => fake.connected === 1, 'a connection');
    fake.sendRaw('{"did":"did:plc:x","time_us":');
    fake.sendRaw('garbage');
    await publish(postCreate({ did: bob, rkey: '3kcut0000010a', tags: ['cut'] }));
    expect((await counts()).cut).toBe('10 known bluesky');

    const health = (await testApp.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.bluesky).toMatchObject({
      is_enabled: true,
      role: 'consumer',
      state: 'connected',
      instance: new URL(fake.url).host,
      malformed: 2,
      posts_counted: 10,
      posts_stored: 9,
    });
    expect(health.bluesky.lag_seconds).toBeLessThan(10);
    expect(health.bluesky.last_error.message).toMatch(/closed|socket hang up|1006/);
    const admin = await createTestViewer(testApp.app, 'admin');
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/sources/status',
      headers: admin.headers,
      remoteAddress: freshIp(),
    });
    expect(status.json().bluesky).toMatchObject({ role: 'consumer', state: 'connected', malformed: 2 });
    expect(status.json().sources).toContainEqual({
      name: 'bluesky',
      origin: 'server',
      is_enabled: true,
      queued: 0,
    });
  });

  it('keeps stored posts BLUESKY_RETENTION_DAYS, daily uses a year, and counts only the last 7 days', async () => {
    testApp = await buildTestApp(dialect, {
      BLUESKY_JETSTREAM_URL: [fake.url],
      BLUESKY_RETENTION_DAYS: 30,
      firehoseTuning: TUNING,
    });
    await fake.waitForConnections(1);
    const nowUs = Date.now() * 1000;
    const today = dayOfEpochMs(Date.now());
    const at = (days: number) => ({
      timeUs: nowUs - days * DAY_US,
      createdAt: new Date((nowUs - days * DAY_US) / 1000).toISOString(),
    });
    // Jetstream replays history in time order; these arrive as a replay would.
    await publish(
      postCreate({ did: alice, rkey: '3kold0000400a', tags: ['old', 'year'], ...at(400) }),
      postCreate({ did: alice, rkey: '3kold0000040a', tags: ['old', 'month'], ...at(40) }),
      postCreate({ did: alice, rkey: '3kold0000010a', tags: ['old', 'week'], ...at(10) }),
      postCreate({ did: alice, rkey: '3kold0000002a', tags: ['old', 'days'], ...at(2) }),
      postCreate({ did: alice, rkey: '3kold0000000a', tags: ['old'] }),
    );
    // Counted at once: the uses of the last 7 days only.
    expect((await counts()).old).toBe('2 known bluesky');
    await testApp.app.sources.firehose.maintainNow();
    expect(await storedPosts()).toEqual([
      `at://${alice}/app.bsky.feed.post/3kold0000002a ${alice} null bluesky`,
      `at://${alice}/app.bsky.feed.post/3kold0000010a ${alice} null bluesky`,
    ]);
    expect(await links()).toBe(4);
    expect((await uses()).filter((line) => line.startsWith('old@'))).toEqual([
      `old@${today - 40}=1`,
      `old@${today - 10}=1`,
      `old@${today - 2}=1`,
      `old@${today}=1`,
    ]);
    // Post ids counted an hour before the newest event are forgotten.
    const seen = await db().selectFrom('stream_posts_seen').select('post_id').execute();
    expect(seen.map((row) => row.post_id).sort()).toEqual([`at://${alice}/app.bsky.feed.post/3kold0000000a`]);
  });
});

describe.runIf(testDialects.includes('postgres'))(
  'one Bluesky consumer among several processes (PostgreSQL)',
  () => {
    it('lets one process consume; another takes over within seconds when it dies', async () => {
      const fake = await startFakeJetstream();
      const first = await buildTestApp('postgres', {
        BLUESKY_JETSTREAM_URL: [fake.url],
        firehoseTuning: TUNING,
      });
      // Two more server processes on the same database, each with its own pool.
      const config = loadConfig(
        {},
        {
          LOG_LEVEL: 'silent',
          LOAD_SHEDDING: false,
          WEB_DIST: '/nonexistent',
          BLUESKY_JETSTREAM_URL: [fake.url],
          firehoseTuning: TUNING,
        },
      );
      const others = await Promise.all(
        [1, 2].map(async () => {
          const database = connectDatabase(first.testDatabase.url);
          const app = await buildApp(config, { database });
          return { app, database };
        }),
      );
      const apps = [first.app, ...others.map((other) => other.app)];
      const roles = () => apps.map((app) => app.sources.firehose.status().role);
      try {
        await until(() => roles().filter((role) => role === 'consumer').length === 1, 'one consumer');
        // Once each standby has asked for the lock three more times: still one consumer and one connection.
        const asked = apps.map((app) => app.sources.firehose.lockRequests());
        await until(
          () =>
            apps.every(
              (app, index) =>
                app.sources.firehose.status().role === 'consumer' ||
                app.sources.firehose.lockRequests() >= asked[index]! + 3,
            ),
          'three more lock requests from each standby',
        );
        expect(roles().filter((role) => role === 'consumer')).toHaveLength(1);
        expect(roles().filter((role) => role === 'standby')).toHaveLength(2);
        expect(fake.connected).toBe(1);
        const holder = roles().indexOf('consumer');

        // The holder's lock connection dies (as when its process is killed): PostgreSQL ends the lock.
        const database = first.testDatabase.database.db;
        await until(async () => {
          const { rows } = await first.testDatabase.database.pool!.query(
            // pg_locks lists every database's locks: only this store's holder, not another test run's.
            `select pg_terminate_backend(pid) from pg_locks
             where locktype = 'advisory' and objid = $1
               and database = (select oid from pg_database where datname = current_database())`,
            [CONSUMER_LOCK_KEY],
          );
          return rows.length === 1;
        }, 'the lock holder to be ended');
        // The rest of that process goes too (a killed process retakes nothing; a live one whose lock
        // connection died might win the lock back, which is correct but not what this test shows).
        await apps[holder]!.close();
        const survivors = apps.filter((_, index) => index !== holder);
        await until(
          () => survivors.filter((app) => app.sources.firehose.status().role === 'consumer').length === 1,
          'another process to take over',
        );
        await until(() => fake.connected === 1, 'one connection again');
        fake.publish(postCreate({ did: makeDid('carol'), tags: ['takeover', 'works'] }));
        await until(async () => {
          const row = await database
            .selectFrom('hashtags')
            .select('post_count')
            .where('network', '=', 'bluesky')
            .where('name', '=', 'takeover')
            .executeTakeFirst();
          return row?.post_count === 1;
        }, 'the new consumer to count');
      } finally {
        for (const other of others) {
          await other.app.close();
          await other.database.close();
        }
        await first.close();
        await fake.close();
      }
    });
  },
);
