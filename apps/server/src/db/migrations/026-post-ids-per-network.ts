import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './portable.js';

/**
 * A post is keyed by (network, post_id) (decision 024, "Post ids are unique per network"): post_id
 * alone was unique, so a crowd post (Instagram) sent with a Bluesky post's at-uri kept that post out
 * of the store when the firehose brought it. On PostgreSQL the unique constraint on post_id goes;
 * SQLite cannot drop a column's UNIQUE, so `posts` is copied without it, every row with its id
 * (links, crowd reports and the related cache's watermark name posts by id) and every index kept, in
 * one transaction.
 */
export function postIdsPerNetworkMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        // Building the index on a large store takes longer than the pool's statement timeout allows.
        await sql`set local statement_timeout = 0`.execute(db);
        await createPostKey(db);
        await sql`alter table posts drop constraint posts_post_id_key`.execute(db);
        return;
      }
      // Kysely runs SQLite's migrations outside a transaction: a stop half way must leave the old table.
      await db.transaction().execute(async (trx) => {
        await copyPostsWithoutUniquePostId(trx);
        await createPostKey(trx);
      });
    },
  };
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
