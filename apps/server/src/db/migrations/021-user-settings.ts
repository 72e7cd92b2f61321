import type { Kysely } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/** Settings a user keeps with the account (the export panel's "Copy for" network): one row per user. */
export function userSettingsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('copy_network', 'text')
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
    },
  };
}
