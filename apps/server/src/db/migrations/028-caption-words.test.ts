import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';

const openTestDatabase = databasesDroppedAfterEachTest();

describe.each(testDialects)('migration 028: caption words on %s', (dialect) => {
  it('adds the word tables to a store that has posts, empty, keyed by network and word', async () => {
    const testDatabase = await openTestDatabase(dialect);
    const { db } = testDatabase.database;
    await migrateWithout(testDatabase.database, '028-caption-words');
    await sql`insert into hashtags (id, network, name, post_count, count_state, banned, updated_at)
              values (1, 'bluesky', 'beach', 5, 'known', 0, 1)`.execute(db);

    await migrateToLatest(testDatabase.database);

    expect(await db.selectFrom('caption_word_tags').selectAll().execute()).toEqual([]);
    // Every bit of a 32-bit sketch fits, and comes back whole.
    const full = 2 ** 32 - 1;
    await db
      .insertInto('caption_word_tags')
      .values({ network: 'bluesky', word: 'sand', hashtag_id: 1, posts: 2, authors: full, last_day: 20_000 })
      .execute();
    await db
      .insertInto('caption_words')
      .values({ network: 'bluesky', word: 'sand', posts: 2, authors: full, last_day: 20_000 })
      .execute();
    const pair = await db.selectFrom('caption_word_tags').selectAll().executeTakeFirstOrThrow();
    expect(Number(pair.authors)).toBe(full);
    await expect(
      db
        .insertInto('caption_words')
        .values({ network: 'bluesky', word: 'sand', posts: 1, authors: 1, last_day: 20_000 })
        .execute(),
    ).rejects.toThrow();
  });
});
