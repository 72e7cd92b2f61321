import type { Kysely } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Device reports of failed calls (decision 017): one row per signed-in account and kind of failure,
 * so an alert is raised only when several accounts report the same failure within a while, and
 * one client cannot raise it alone however often it reports.
 */
export function sourceReportsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('source_reports')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('call', 'text', (c) => c.notNull())
        .addColumn('failure', 'text', (c) => c.notNull())
        .addColumn('reporter', 'text', (c) => c.notNull())
        .addColumn('reported_at', bigint(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('source_reports_key', ['source', 'call', 'failure', 'reporter'])
        .execute();
      await db.schema
        .createIndex('source_reports_recent')
        .on('source_reports')
        .columns(['source', 'call', 'failure', 'reported_at'])
        .execute();
    },
  };
}
