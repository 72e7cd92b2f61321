import { type Kysely, sql } from 'kysely';

/**
 * posts.linked: 0 while a bulk import has written a post but not yet its links. The links of all
 * such posts are then written at once, sorted by tag, which appends to the link table instead of
 * inserting at a random place per link (decision 005). The partial index finds them in no time.
 */
export function pendingLinksMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('posts')
        .addColumn('linked', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('posts_unlinked')
        .on('posts')
        .column('id')
        .where(sql.ref('linked'), '=', 0)
        .execute();
    },
  };
}
