import type { Kysely } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * App data, beta feedback, analytics events and the admin audit log.
 * - app_data: one JSON value per key (outage, versions, switches, banned tags), edited by admins.
 * - feedback: what beta users wrote; only administrators read it.
 * - analytics_events: event_id is the client's UUID, so a retried batch stores each event once;
 *   received_day (UTC YYYY-MM-DD of received_at) serves the counts by type and day.
 * - admin_audit: who changed what, kept in the database as well as the log.
 */
export function appDataMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_data')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();

      await db.schema
        .createTable('feedback')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('user_group', 'text', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('app_version', 'text')
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute();

      await db.schema
        .createTable('analytics_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('props', 'text')
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('app_version', 'text', (c) => c.notNull())
        .addColumn('user_group', 'text', (c) => c.notNull())
        .addColumn('trial_status', 'text', (c) => c.notNull())
        .addColumn('influencer', 'text')
        .addColumn('client_timestamp', bigint(dialect))
        .addColumn('received_at', bigint(dialect), (c) => c.notNull())
        .addColumn('received_day', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('analytics_events_day_type')
        .on('analytics_events')
        .columns(['received_day', 'event_type'])
        .execute();

      await db.schema
        .createTable('admin_audit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .execute();
    },
  };
}
