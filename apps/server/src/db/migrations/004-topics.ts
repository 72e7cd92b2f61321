import type { Kysely } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Topics (collections). The tag lists and filters are JSON text on both dialects:
 * they are read and written whole, never queried inside. `modified` is also the version a PUT names
 * (compare-and-set), so it only grows. Every read is by owner: (owner_id, modified) serves the list.
 */
export function topicsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('topics')
        .addColumn('topic_id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('creator_id', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('created', bigint(dialect), (c) => c.notNull())
        .addColumn('modified', bigint(dialect), (c) => c.notNull())
        .addColumn('export_filters', 'text', (c) => c.notNull())
        .addColumn('apply_filter', 'integer', (c) => c.notNull())
        .addColumn('export', 'text', (c) => c.notNull())
        .addColumn('export_count', 'integer', (c) => c.notNull())
        .addColumn('selected', 'text', (c) => c.notNull())
        .addColumn('hidden', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('topics_owner_modified')
        .on('topics')
        .columns(['owner_id', 'modified desc'])
        .execute();
    },
  };
}
