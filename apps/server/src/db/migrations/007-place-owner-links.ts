import { type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * "A place's (or a profile's) newest posts" moves from indexes on posts to two link tables keyed like
 * post_hashtags (item, taken_at, post_id). Like tag links they are written in tag order after a bulk
 * import (decision 005), where the two random index inserts per post cost as much as the post itself.
 */
export function placeOwnerLinksMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, column] of [
        ['post_places', 'place_id'],
        ['post_owners', 'owner'],
      ] as const) {
        let links = db.schema
          .createTable(table)
          .addColumn(column, 'text', (c) => c.notNull())
          .addColumn('taken_at', bigint(dialect), (c) => c.notNull())
          .addColumn('post_id', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, [column, 'taken_at', 'post_id']);
        if (dialect === 'sqlite') links = links.modifyEnd(sql`without rowid`);
        await links.execute();
        await sql`insert into ${sql.table(table)} (${sql.ref(column)}, taken_at, post_id)
                  select ${sql.ref(column)}, taken_at, id from posts
                  where ${sql.ref(column)} is not null and linked = 1 order by 1, 2, 3`.execute(db);
      }
      await db.schema.dropIndex('posts_place').execute();
      await db.schema.dropIndex('posts_owner').execute();
    },
  };
}
