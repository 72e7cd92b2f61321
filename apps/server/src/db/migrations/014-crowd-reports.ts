import { type Kysely, sql } from 'kysely';
import { bigint, hasColumn, type MigrationDialect } from './portable.js';

/**
 * Crowd reports need agreement (decision 011): each submitter's latest count for a tag, kept apart
 * from the served count; where a served count came from; who sent a crowd post. A partial index
 * finds the tags seen only in crowd reports, which trusted sources promote when they carry them.
 */
export function crowdReportsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('crowd_count_reports')
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('hashtag', 'text', (c) => c.notNull())
        .addColumn('submitter', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('count', bigint(dialect), (c) => c.notNull())
        .addColumn('reported_at', bigint(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('crowd_count_reports_key', ['network', 'hashtag', 'submitter'])
        .execute();
      await db.schema
        .createIndex('crowd_count_reports_submitter')
        .on('crowd_count_reports')
        .column('submitter')
        .execute();
      // Migration 013 (networks) adds count_source too; whichever runs first adds it.
      if (!(await hasColumn(db, 'hashtags', 'count_source')))
        await db.schema.alterTable('hashtags').addColumn('count_source', 'text').execute();
      await db.schema.alterTable('posts').addColumn('submitted_by', 'text').execute();
      await db.schema
        .createIndex('posts_submitted_by')
        .on('posts')
        .column('submitted_by')
        .where(sql.ref('submitted_by'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('hashtags_pending')
        .on('hashtags')
        .column('name')
        .where(sql.ref('count_state'), '=', 'pending')
        .execute();
    },
  };
}
