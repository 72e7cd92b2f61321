import { type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Every account that reported a crowd post, and what it reported (decision 011): the post stays
 * as its first reporter sent it, counted in that account's share; removing that account hands the
 * post to the next reporter, as that one reported it, or removes it when no one else did. Crowd
 * posts stored before are their first reporter's report.
 */
export function crowdPostReportsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('crowd_post_reports')
        .addColumn('post_id', 'integer', (c) => c.notNull())
        .addColumn('submitter', 'text', (c) => c.notNull())
        .addColumn('owner', 'text')
        .addColumn('place_id', 'text')
        .addColumn('tag_ids', 'text', (c) => c.notNull())
        .addColumn('reported_at', bigint(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('crowd_post_reports_key', ['post_id', 'submitter'])
        .execute();
      await db.schema
        .createIndex('crowd_post_reports_submitter')
        .on('crowd_post_reports')
        .columns(['submitter', 'post_id'])
        .execute();
      await sql`insert into crowd_post_reports (post_id, submitter, owner, place_id, tag_ids, reported_at)
                select id, submitted_by, owner, place_id, tag_ids, taken_at * 1000 from posts
                where submitted_by is not null`.execute(db);
    },
  };
}
