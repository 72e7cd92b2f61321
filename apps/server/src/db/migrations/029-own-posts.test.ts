import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';

const openTestDatabase = databasesDroppedAfterEachTest();

describe.each(testDialects)('migration 029: own posts on %s', (dialect) => {
  it("adds the own-posts tables to a store that has users, keeps each post once, and drops a user's rows with the user", async () => {
    const testDatabase = await openTestDatabase(dialect);
    const { db } = testDatabase.database;
    await migrateWithout(testDatabase.database, '029-own-posts');
    const verified = dialect === 'postgres' ? sql`true` : sql`1`;
    for (const id of ['u1', 'u2']) {
      await sql`insert into users (id, name, email, "emailVerified", "createdAt", "updatedAt")
                values (${id}, '', ${`${id}@example.com`}, ${verified}, current_timestamp, current_timestamp)`.execute(
        db,
      );
    }

    await migrateToLatest(testDatabase.database);

    const post = (user: string) => ({
      user_id: user,
      network: 'mastodon',
      post_id: 'https://social.example/users/ana/statuses/1',
      posted_at: 1_704_164_645,
      source: 'archive',
      likes: null,
      reposts: null,
      replies: null,
      quotes: null,
      imported_at: 1,
    });
    await db
      .insertInto('own_posts')
      .values([post('u1'), post('u2')])
      .execute();
    await expect(db.insertInto('own_posts').values(post('u1')).execute()).rejects.toThrow();
    await db
      .insertInto('own_post_tags')
      .values({ user_id: 'u1', network: 'mastodon', post_id: post('u1').post_id, hashtag: 'lisboa' })
      .execute();
    await db
      .insertInto('own_handles')
      .values({
        user_id: 'u1',
        network: 'bluesky',
        handle: 'ana.bsky.social',
        connected_at: 1,
        refreshed_at: null,
        refresh_error: null,
      })
      .execute();
    await db
      .insertInto('own_post_settings')
      .values({ user_id: 'u1', suggest_from_own_tags: 1, updated_at: 1 })
      .execute();

    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    for (const table of ['own_posts', 'own_post_tags', 'own_handles', 'own_post_settings'] as const) {
      const rows = await db.selectFrom(table).select('user_id').execute();
      expect(
        rows.map((row) => row.user_id),
        table,
      ).toEqual(table === 'own_posts' ? ['u2'] : []);
    }
  });
});
