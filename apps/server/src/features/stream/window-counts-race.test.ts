import { Network } from '@tagscout/core/networks';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../db/connect.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { ingestStream, refreshWindowCounts, type StreamBatch } from './stream.service.js';

const createTestDatabase = databasesDroppedAfterEachTest();
const DAY = 86_400;
const TODAY = 20_400;
const NOON = TODAY * DAY + 43_200;

const batchOf = (postIds: string[], cursor: number): StreamBatch => ({
  network: Network.bluesky,
  source: Network.bluesky,
  posts: postIds.map((postId) => ({
    postId,
    owner: `owner-${postId}`,
    takenAt: NOON,
    hashtags: ['resume', 'other'],
    langs: [],
    seenAt: NOON,
  })),
  deletedPosts: [],
  deletedOwners: [],
  countDays: 7,
  today: TODAY,
  now: cursor,
  cursor: { stream: 'bluesky', cursor, instance: 'test' },
});

// Only PostgreSQL runs a stream batch and the daily refresh at the same time (SQLite has one writer).
const hasPostgres = testDialects.includes('postgres');
const others: Database[] = [];
afterEach(async () => {
  for (const database of others.splice(0)) await database.close();
});

// Skipped, not absent, without TEST_DATABASE_URL: a file without a suite fails the run.
describe.runIf(hasPostgres)('window counts under concurrent writes on PostgreSQL', () => {
  const dialect = 'postgres';
  it("keeps a batch's count when the day's refresh of counts waited for it", async () => {
    const testDatabase = await createTestDatabase(dialect, { migrated: true });
    const { database } = testDatabase;
    await ingestStream(database, batchOf(['p1', 'p2'], 1));
    const refresher = connectDatabase(testDatabase.url);
    others.push(refresher);

    // A batch with a third post holds its transaction open after writing; the refresh starts meanwhile.
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    const batch = database.db.transaction().execute(async (trx) => {
      await sql`update hashtag_daily_uses set uses = uses + 1
        where hashtag_id = (select id from hashtags where name = 'resume')`.execute(trx);
      await sql`update hashtags set post_count = 3 where name = 'resume'`.execute(trx);
      await held;
    });
    const refresh = refreshWindowCounts(refresher, {
      network: Network.bluesky,
      fromDay: TODAY - 6,
      afterId: 0,
      limit: 100,
      source: Network.bluesky,
      now: 5,
    });
    await waitForALockWait(database);
    commit();
    await batch;
    await refresh;
    const row = await database.db
      .selectFrom('hashtags')
      .select('post_count')
      .where('name', '=', 'resume')
      .executeTakeFirstOrThrow();
    expect(row.post_count).toBe(3);
  });
});

/** Until a statement of this database waits for a row lock (the refresh, behind the open batch). */
async function waitForALockWait(database: Database): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
