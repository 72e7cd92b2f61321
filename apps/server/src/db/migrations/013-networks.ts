import { type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Every count and related list belongs to a network (docs/decisions/012-networks.md):
 * - hashtags.network is part of a tag's identity: unique (network, name), and the autocomplete
 *   indexes start with it, so a prefix search stays one index range per network;
 * - posts.network, and a post links only to tags of its own network;
 * - hashtag_daily_uses(hashtag_id, day, uses) for trends, day = whole UTC days since 1970;
 * - hashtags.count_source (added by migration 014, which may run before or after this one) is
 *   filled for counts already stored when it exists.
 * Rows already stored: posts of the sample corpus go to `sample`, Mastodon's to `mastodon`, the
 * rest to `instagram`; a tag goes where its posts are (split in two when posts of two networks
 * share it), and a tag with no posts to `sample` when the store holds nothing but the sample.
 */
export function networksMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      // A large store's backfill takes longer than the pool's statement timeout allows.
      if (dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
      await addNetworkToHashtags(db, dialect);
      await db.schema
        .alterTable('posts')
        .addColumn('network', 'text', (c) => c.notNull().defaultTo('instagram'))
        .execute();
      await sql`update posts set network = case source when 'sample' then 'sample'
                when 'mastodon' then 'mastodon' else 'instagram' end
                where source in ('sample', 'mastodon')`.execute(db);
      await moveTagsToTheirPostsNetwork(db);
      if (await hasColumn(db, dialect, 'hashtags', 'count_source')) {
        await sql`update hashtags set count_source = case network when 'sample' then 'sample'
                  when 'mastodon' then 'mastodon' else 'crowd' end
                  where count_state = 'known' and count_source is null`.execute(db);
      }

      let daily = db.schema
        .createTable('hashtag_daily_uses')
        .addColumn('hashtag_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('uses', bigint(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('hashtag_daily_uses_pk', ['hashtag_id', 'day']);
      if (dialect === 'sqlite') daily = daily.modifyEnd(sql`without rowid`);
      await daily.execute();
      await sql`insert into hashtag_daily_uses (hashtag_id, day, uses)
                select hashtag_id, taken_at / 86400, count(*) from post_hashtags
                group by hashtag_id, taken_at / 86400`.execute(db);
    },
  };
}

async function addNetworkToHashtags(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table hashtags add column network text not null default 'instagram'`.execute(db);
    await sql`alter table hashtags drop constraint hashtags_name_key`.execute(db);
  } else {
    // SQLite cannot drop the unique constraint on name: copy the table (ids kept) without it, with
    // migration 014's column and index when that one ran first.
    const hasCountSource = await hasColumn(db, dialect, 'hashtags', 'count_source');
    const { rows: pendingIndex } = await sql`select 1 from sqlite_master
      where type = 'index' and name = 'hashtags_pending'`.execute(db);
    await sql`create table hashtags_next (
      id integer primary key,
      network text not null default 'instagram',
      name text not null,
      post_count integer not null default -1,
      count_state text not null default 'unknown',
      banned integer not null default 0,
      searches integer not null default 0,
      updated_at integer not null
      ${hasCountSource ? sql`, count_source text` : sql``}
    )`.execute(db);
    const columns = sql.raw(
      `id, name, post_count, count_state, banned, searches, updated_at${hasCountSource ? ', count_source' : ''}`,
    );
    await sql`insert into hashtags_next (${columns}) select ${columns} from hashtags`.execute(db);
    await db.schema.dropTable('hashtags').execute();
    await db.schema.alterTable('hashtags_next').renameTo('hashtags').execute();
    await db.schema
      .createIndex('hashtags_banned')
      .on('hashtags')
      .column('banned')
      .where(sql.ref('banned'), '=', 1)
      .execute();
    if (pendingIndex.length > 0) {
      await db.schema
        .createIndex('hashtags_pending')
        .on('hashtags')
        .column('name')
        .where(sql.ref('count_state'), '=', 'pending')
        .execute();
    }
  }
  await db.schema.dropIndex('hashtags_prefix').ifExists().execute();
  await db.schema.dropIndex('hashtags_by_count').ifExists().execute();
  await db.schema
    .createIndex('hashtags_network_name')
    .on('hashtags')
    .columns(['network', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('hashtags_prefix')
    .on('hashtags')
    .columns(['network', 'name', 'post_count', 'count_state', 'banned'])
    .execute();
  await db.schema
    .createIndex('hashtags_by_count')
    .on('hashtags')
    .columns(['network', 'post_count desc', 'name'])
    .execute();
}

async function hasColumn(
  db: Kysely<unknown>,
  dialect: MigrationDialect,
  table: string,
  column: string,
): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql`select 1 from information_schema.columns
                  where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(
          db,
        )
      : await sql`select 1 from pragma_table_info(${table}) where name = ${column}`.execute(db);
  return rows.length > 0;
}

async function moveTagsToTheirPostsNetwork(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ hashtag_id: number; network: string }>`
    select distinct ph.hashtag_id, p.network from post_hashtags ph join posts p on p.id = ph.post_id
    where p.network <> 'instagram'`.execute(db);
  if (rows.length === 0) {
    await moveUnlinkedTags(db);
    return;
  }
  const { rows: instagramRows } = await sql<{ hashtag_id: number }>`
    select distinct ph.hashtag_id from post_hashtags ph join posts p on p.id = ph.post_id
    where p.network = 'instagram'`.execute(db);
  const onInstagram = new Set(instagramRows.map((row) => Number(row.hashtag_id)));
  const networksOf = new Map<number, string[]>();
  for (const row of rows) {
    const id = Number(row.hashtag_id);
    networksOf.set(id, [...(networksOf.get(id) ?? []), row.network]);
  }
  const moves = new Map<string, number[]>();
  for (const [id, networks] of networksOf) {
    // A tag Instagram posts use stays Instagram's; other networks' posts get a copy of their own.
    const [home, ...others] = onInstagram.has(id) ? ['instagram', ...networks] : [...networks].sort();
    if (home !== 'instagram') moves.set(home!, [...(moves.get(home!) ?? []), id]);
    for (const network of others) await splitTag(db, id, network);
  }
  for (const [network, ids] of moves) {
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      await sql`update hashtags set network = ${network} where id in (${sql.join(chunk)})`.execute(db);
    }
  }
  await moveUnlinkedTags(db);
}

/** Tags no post carries (counts only) go to the sample when the store holds nothing else. */
async function moveUnlinkedTags(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ network: string }>`select distinct network from posts`.execute(db);
  if (rows.length !== 1 || rows[0]!.network !== 'sample') return;
  await sql`update hashtags set network = 'sample'
            where network = 'instagram'
            and not exists (select 1 from post_hashtags ph where ph.hashtag_id = hashtags.id)`.execute(db);
}

/** The tag's posts on `network` move to a copy of the tag on that network. */
async function splitTag(db: Kysely<unknown>, id: number, network: string): Promise<void> {
  const { rows } = await sql<{ id: number }>`
    insert into hashtags (network, name, post_count, count_state, banned, searches, updated_at)
    select ${network}, name, -1, 'lookup', banned, 0, updated_at from hashtags where id = ${id}
    returning id`.execute(db);
  const copy = Number(rows[0]!.id);
  const { rows: posts } = await sql<{ id: number; tag_ids: string }>`
    select p.id, p.tag_ids from posts p join post_hashtags ph on ph.post_id = p.id
    where ph.hashtag_id = ${id} and p.network = ${network}`.execute(db);
  await sql`update post_hashtags set hashtag_id = ${copy}
            where hashtag_id = ${id}
            and post_id in (select id from posts where network = ${network})`.execute(db);
  for (const post of posts) {
    const tagIds = post.tag_ids
      .split(',')
      .map((tag) => (Number(tag) === id ? String(copy) : tag))
      .join(',');
    await sql`update posts set tag_ids = ${tagIds} where id = ${post.id}`.execute(db);
  }
}
