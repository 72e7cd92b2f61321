import { type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Post ids are unique per network (decision 024, "Post ids are unique per network"): post_id alone
 * was unique, so a crowd post (Instagram) sent with a Bluesky post's at-uri kept that post out of the
 * store when the firehose brought it.
 * - posts: a unique (network, post_id). On PostgreSQL the unique constraint on post_id goes; SQLite
 *   cannot drop a column's UNIQUE, so `posts` is copied without it, every row with its id (links,
 *   crowd reports and the related cache's watermark name posts by id) and every index kept.
 * - stream_posts_seen: keyed (network, post_id); the ids seen so far are Bluesky's (the one stream).
 * SQLite does both in one transaction.
 */
export function postIdsPerNetworkMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        // Building the index on a large store takes longer than the pool's statement timeout allows.
        await sql`set local statement_timeout = 0`.execute(db);
        await createPostKey(db);
        await sql`alter table posts drop constraint posts_post_id_key`.execute(db);
        await keySeenPostsByNetwork(db, dialect);
        return;
      }
      // Kysely runs SQLite's migrations outside a transaction: a stop half way must leave the old tables.
      await db.transaction().execute(async (trx) => {
        await copyPostsWithoutUniquePostId(trx);
        await createPostKey(trx);
        await keySeenPostsByNetwork(trx, dialect);
      });
    },
  };
}

/** A copy of the seen ids (an hour of the firehose) keyed (network, post_id), on both dialects. */
async function keySeenPostsByNetwork(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  let seen = db.schema
    .createTable('stream_posts_seen_next')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', bigint(dialect), (c) => c.notNull())
    .addPrimaryKeyConstraint('stream_posts_seen_key', ['network', 'post_id']);
  if (dialect === 'sqlite') seen = seen.modifyEnd(sql`without rowid`);
  await seen.execute();
  await sql`insert into stream_posts_seen_next (network, post_id, seen_at)
            select 'bluesky', post_id, seen_at from stream_posts_seen`.execute(db);
  await db.schema.dropTable('stream_posts_seen').execute();
  await db.schema.alterTable('stream_posts_seen_next').renameTo('stream_posts_seen').execute();
  await db.schema.createIndex('stream_posts_seen_at').on('stream_posts_seen').column('seen_at').execute();
}

async function createPostKey(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('posts_network_post_id')
    .ifNotExists()
    .on('posts')
    .columns(['network', 'post_id'])
    .unique()
    .execute();
}

/**
 * The table as it stands (its columns from pragma_table_info, so columns a migration that ran first
 * added are kept; posts has no CHECK, COLLATE or foreign key to carry), one insert ... select in id
 * order, then its indexes as sqlite_master wrote them, built once over the copied rows.
 */
async function copyPostsWithoutUniquePostId(db: Kysely<unknown>): Promise<void> {
  const { rows: columns } = await sql<{
    name: string;
    type: string;
    notnull: number;
    dflt_value: string | null;
    pk: number;
  }>`select name, type, "notnull", dflt_value, pk from pragma_table_info('posts') order by cid`.execute(db);
  const { rows: indexes } = await sql<{ sql: string }>`select sql from sqlite_master
    where type = 'index' and tbl_name = 'posts' and sql is not null`.execute(db);

  const definitions = columns.map((column) =>
    [
      `"${column.name}" ${column.type}`,
      column.pk ? 'primary key' : '',
      column.notnull ? 'not null' : '',
      column.dflt_value === null ? '' : `default ${column.dflt_value}`,
    ]
      .filter(Boolean)
      .join(' '),
  );
  const names = sql.raw(columns.map((column) => `"${column.name}"`).join(', '));
  await sql`create table posts_next (${sql.raw(definitions.join(', '))})`.execute(db);
  await sql`insert into posts_next (${names}) select ${names} from posts order by id`.execute(db);
  await sql`drop table posts`.execute(db);
  await sql`alter table posts_next rename to posts`.execute(db);
  for (const index of indexes) await sql.raw(index.sql).execute(db);
}
