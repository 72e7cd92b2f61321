import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';

const DAY = 86_400;
const LAST_DAY = 20_000;

const openTestDatabase = databasesDroppedAfterEachTest();

describe.each(testDialects)('migration 025: trending authors on %s', (dialect) => {
  it("fills each network's last three days of posts per author from the stored posts", async () => {
    const testDatabase = await openTestDatabase(dialect);
    const { db } = testDatabase.database;
    await migrateWithout(testDatabase.database, '025-trending-authors');
    await sql`insert into hashtags (id, network, name, post_count, count_state, banned, updated_at)
              values (1, 'bluesky', 'art', 5, 'known', 0, 1), (2, 'bluesky', 'sky', 5, 'known', 0, 1),
                     (3, 'sample', 'old', 5, 'known', 0, 1)`.execute(db);
    const posts: [number, string, string | null, string | null, number, string, number][] = [
      // [id, network, owner, submitted_by, taken_at, tag_ids, linked]
      [1, 'bluesky', 'did:a', null, LAST_DAY * DAY + 10, '1,2', 1],
      [2, 'bluesky', 'did:a', null, LAST_DAY * DAY + 20, '1,2', 1],
      [3, 'bluesky', 'did:b', null, (LAST_DAY - 2) * DAY, '1,2', 1],
      // Before the three days, and a post still waiting for its links: neither is counted here.
      [4, 'bluesky', 'did:c', null, (LAST_DAY - 3) * DAY, '1,2', 1],
      [5, 'bluesky', 'did:d', null, LAST_DAY * DAY, '1,2', 0],
      // A crowd post counts as its account; a post without an owner as itself.
      [6, 'bluesky', 'o9', 'acc1', LAST_DAY * DAY, '1,2', 1],
      // A snapshot's last days are its own, long ago.
      [7, 'sample', null, null, 100 * DAY, '3', 1],
    ];
    for (const [id, network, owner, submittedBy, takenAt, tagIds, linked] of posts)
      await sql`insert into posts (id, post_id, network, owner, submitted_by, taken_at, place_id, source, tag_ids, linked)
                values (${id}, ${`p${id}`}, ${network}, ${owner}, ${submittedBy}, ${takenAt}, null, 'test',
                        ${tagIds}, ${linked})`.execute(db);

    await migrateToLatest(testDatabase.database);

    const rows = await db
      .selectFrom('hashtag_daily_authors')
      .select(['hashtag_id', 'day', 'author', 'posts'])
      .orderBy('hashtag_id')
      .orderBy('day')
      .orderBy('author')
      .execute();
    expect(rows.map((row) => `${row.hashtag_id}@${row.day} ${row.author}=${row.posts}`)).toEqual([
      `1@${LAST_DAY - 2} owner:did:b=1`,
      `1@${LAST_DAY} account:acc1=1`,
      `1@${LAST_DAY} owner:did:a=2`,
      `2@${LAST_DAY - 2} owner:did:b=1`,
      `2@${LAST_DAY} account:acc1=1`,
      `2@${LAST_DAY} owner:did:a=2`,
      '3@100 post:p7=1',
    ]);
  });
});
