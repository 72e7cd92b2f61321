import { type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Live sources (decision 010): how calls to each social network fail, per call type and failure
 * class, from the server's own sources and as devices report them; the admin alerts read it. A
 * partial index on hashtags.searches lets background seeding find the most-searched tags without
 * touching the (unsearched) rest.
 */
export function sourceFailuresMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('source_failures')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('call', 'text', (c) => c.notNull())
        .addColumn('failure', 'text', (c) => c.notNull())
        .addColumn('count', bigint(dialect), (c) => c.notNull())
        .addColumn('first_at', bigint(dialect), (c) => c.notNull())
        .addColumn('last_at', bigint(dialect), (c) => c.notNull())
        .addColumn('blocked_until', bigint(dialect))
        .addPrimaryKeyConstraint('source_failures_key', ['source', 'origin', 'call', 'failure'])
        .execute();
      await db.schema
        .createIndex('hashtags_searched')
        .on('hashtags')
        .column('searches')
        .where(sql.ref('searches'), '>', 0)
        .execute();
    },
  };
}
