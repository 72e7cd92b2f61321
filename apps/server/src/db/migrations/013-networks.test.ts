import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';

const DAY = 86_400;
const T0 = 20_000 * DAY;

/** A store as it was before migration 013: tags unique by name, posts with no network. */
async function storeBeforeNetworks(testDatabase: TestDatabase): Promise<void> {
  // 015 (the Bluesky stream) indexes posts.network, 016 (trends) the daily uses 013 creates, 023's
  // triggers note tags' networks, 025 (trending authors) reads posts' networks, 026 keys posts by
  // network and 027 indexes tags' search keys by network, so they came after 013 too, as on a real
  // store.
  await migrateWithout(
    testDatabase.database,
    '013-networks',
    '015-bluesky-stream',
    '016-trends',
    '023-hashtag-changes',
    '025-trending-authors',
    '026-post-ids-per-network',
    '027-tag-search-keys',
  );
}

async function insertOldRows(
  testDatabase: TestDatabase,
  rows: {
    tags: [id: number, name: string, count: number][];
    posts: [id: number, source: string, takenAt: number, tagIds: number[]][];
  },
): Promise<void> {
  const { db } = testDatabase.database;
  for (const [id, name, count] of rows.tags) {
    await sql`insert into hashtags (id, name, post_count, count_state, banned, updated_at)
              values (${id}, ${name}, ${count}, ${count >= 0 ? 'known' : 'lookup'}, 0, 1)`.execute(db);
  }
  for (const [id, source, takenAt, tagIds] of rows.posts) {
    await sql`insert into posts (id, post_id, owner, taken_at, place_id, source, tag_ids, linked)
              values (${id}, ${`p${id}`}, null, ${takenAt}, null, ${source}, ${tagIds.join(',')}, 1)`.execute(
      db,
    );
    for (const tagId of tagIds) {
      await sql`insert into post_hashtags (hashtag_id, taken_at, post_id)
                values (${tagId}, ${takenAt}, ${id})`.execute(db);
    }
  }
  if (testDatabase.database.dialect === 'postgres') {
    // Rows written with their ids leave the identity sequences behind.
    for (const table of ['hashtags', 'posts']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
  }
}

describe.each(testDialects)('migration 013: networks on %s', (dialect) => {
  let testDatabase: TestDatabase;
  afterEach(async () => {
    await testDatabase?.drop();
  });

  it('puts each stored tag and post on its network, splits shared tags and fills the daily uses', async () => {
    testDatabase = await createTestDatabase(dialect);
    await storeBeforeNetworks(testDatabase);
    await insertOldRows(testDatabase, {
      tags: [
        [1, 'beach', 500],
        [2, 'sunset', 40],
        [3, 'surf', -1],
        [4, 'toot', -1],
        [5, 'lonely', 7],
      ],
      posts: [
        [10, 'sample', T0, [1, 2]],
        [11, 'sample', T0 + DAY, [2, 1]],
        [12, 'crowd', T0, [1, 3]],
        [13, 'mastodon', T0, [4, 3]],
      ],
    });
    await migrateToLatest(testDatabase.database);
    const { db } = testDatabase.database;

    const tags = await db
      .selectFrom('hashtags')
      .select(['id', 'network', 'name', 'post_count', 'count_state', 'count_source'])
      .orderBy('network')
      .orderBy('name')
      .execute();
    const idOf = (network: string, name: string) =>
      tags.find((tag) => tag.network === network && tag.name === name)?.id;
    expect(tags.map((tag) => `${tag.network}:${tag.name}`)).toEqual([
      'instagram:beach',
      'instagram:lonely',
      'instagram:surf',
      'mastodon:surf',
      'mastodon:toot',
      'sample:beach',
      'sample:sunset',
    ]);
    // The Instagram tag keeps its id and count; the sample's copy has no count of its own.
    expect(tags.find((tag) => tag.id === 1)).toMatchObject({
      network: 'instagram',
      post_count: 500,
      count_source: 'crowd',
    });
    expect(tags.find((tag) => tag.network === 'sample' && tag.name === 'sunset')).toMatchObject({
      count_state: 'known',
      count_source: 'sample',
    });
    expect(tags.find((tag) => tag.network === 'sample' && tag.name === 'beach')).toMatchObject({
      count_state: 'lookup',
      count_source: null,
    });

    const posts = await db.selectFrom('posts').select(['id', 'network', 'tag_ids']).orderBy('id').execute();
    expect(posts).toEqual([
      { id: 10, network: 'sample', tag_ids: `${idOf('sample', 'beach')},2` },
      { id: 11, network: 'sample', tag_ids: `2,${idOf('sample', 'beach')}` },
      { id: 12, network: 'instagram', tag_ids: '1,3' },
      { id: 13, network: 'mastodon', tag_ids: `4,${idOf('mastodon', 'surf')}` },
    ]);
    // Every link joins a post to a tag of the post's own network.
    const crossed = await db
      .selectFrom('post_hashtags as links')
      .innerJoin('posts', 'posts.id', 'links.post_id')
      .innerJoin('hashtags', 'hashtags.id', 'links.hashtag_id')
      .select('links.post_id')
      .whereRef('posts.network', '<>', 'hashtags.network')
      .execute();
    expect(crossed).toEqual([]);

    const uses = await db
      .selectFrom('hashtag_daily_uses')
      .select(['hashtag_id', 'day', 'uses'])
      .where('hashtag_id', '=', idOf('sample', 'beach')!)
      .orderBy('day')
      .execute();
    expect(uses).toEqual([
      { hashtag_id: idOf('sample', 'beach'), day: T0 / DAY, uses: 1 },
      { hashtag_id: idOf('sample', 'beach'), day: T0 / DAY + 1, uses: 1 },
    ]);

    // The same name may now live on two networks, but only once on each.
    await expect(
      sql`insert into hashtags (network, name, post_count, count_state, banned, updated_at)
          values ('sample', 'sunset', 1, 'known', 0, 1)`.execute(db),
    ).rejects.toThrow();
  });

  it('gives tags no post carries to the sample when the store holds nothing else', async () => {
    testDatabase = await createTestDatabase(dialect);
    await storeBeforeNetworks(testDatabase);
    await insertOldRows(testDatabase, {
      tags: [
        [1, 'beach', 500],
        [2, 'sunset', 40],
        [3, 'unused', 9],
      ],
      posts: [[10, 'sample', T0, [1, 2]]],
    });
    await migrateToLatest(testDatabase.database);
    const networks = await testDatabase.database.db
      .selectFrom('hashtags')
      .select(['name', 'network'])
      .orderBy('name')
      .execute();
    expect(networks).toEqual([
      { name: 'beach', network: 'sample' },
      { name: 'sunset', network: 'sample' },
      { name: 'unused', network: 'sample' },
    ]);
  });
});
