import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import type { Database } from '../connect.js';
import { migrateToLatest } from '../migrate.js';

const URI = 'at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lbq2kqa3xk2c';

/** The posts table's indexes, by name, with their columns. */
async function indexesOfPosts(database: Database): Promise<string[]> {
  const { rows } =
    database.dialect === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'posts'`.execute(database.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'posts'`.execute(database.db);
  return rows.map((row) => row.name).sort();
}

describe.each(testDialects)('migration 026: post ids per network on %s', (dialect) => {
  let testDatabase: TestDatabase;
  afterEach(async () => {
    await testDatabase?.drop();
  });

  it("keeps every post with its id and every index, and the seen ids as Bluesky's; an id is then unique per network only", async () => {
    testDatabase = await createTestDatabase(dialect);
    const { database } = testDatabase;
    await migrateWithout(database, '026-post-ids-per-network');
    const { db } = database;
    await sql`insert into posts (post_id, owner, taken_at, place_id, source, network, tag_ids, linked, submitted_by, langs)
              values (${URI}, 'did:plc:a', 100, null, 'bluesky', 'bluesky', '1,2', 1, null, 'en'),
                     ('gone', 'o1', 150, null, 'import', 'instagram', '3', 1, null, null),
                     ('C0ffee', 'o1', 200, 'pl1', 'crowd', 'instagram', '3', 0, 'u1', null)`.execute(db);
    // Ids 1 and 3: the copy keeps each post's id, gaps included.
    await sql`delete from posts where post_id = 'gone'`.execute(db);
    await sql`insert into stream_posts_seen (post_id, seen_at) values (${URI}, 100)`.execute(db);
    const before = await indexesOfPosts(database);

    await migrateToLatest(database);

    const rows = await db.selectFrom('posts').selectAll().orderBy('id').execute();
    expect(rows.map((row) => ({ ...row, taken_at: Number(row.taken_at) }))).toEqual([
      {
        id: 1,
        post_id: URI,
        owner: 'did:plc:a',
        taken_at: 100,
        place_id: null,
        source: 'bluesky',
        network: 'bluesky',
        tag_ids: '1,2',
        linked: 1,
        submitted_by: null,
        langs: 'en',
      },
      {
        id: 3,
        post_id: 'C0ffee',
        owner: 'o1',
        taken_at: 200,
        place_id: 'pl1',
        source: 'crowd',
        network: 'instagram',
        tag_ids: '3',
        linked: 0,
        submitted_by: 'u1',
        langs: null,
      },
    ]);
    const uniqueOnPostId = dialect === 'postgres' ? 'posts_post_id_key' : 'sqlite_autoindex_posts_1';
    expect(await indexesOfPosts(database)).toEqual(
      [...before.filter((name) => name !== uniqueOnPostId), 'posts_network_post_id'].sort(),
    );

    const seen = await db.selectFrom('stream_posts_seen').selectAll().execute();
    expect(seen.map((row) => ({ ...row, seen_at: Number(row.seen_at) }))).toEqual([
      { network: 'bluesky', post_id: URI, seen_at: 100 },
    ]);

    // The same id on another network is another post, with the next id; on its own network, refused.
    const inserted = await db
      .insertInto('posts')
      .values({
        post_id: URI,
        owner: 'someone',
        taken_at: 300,
        source: 'crowd',
        network: 'instagram',
        tag_ids: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(inserted.id).toBe(4);
    await expect(
      db
        .insertInto('posts')
        .values({
          post_id: URI,
          owner: 'x',
          taken_at: 300,
          source: 'bluesky',
          network: 'bluesky',
          tag_ids: '',
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
