import type { Kysely } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Prospecting (decision 008): quarries (saved searches; places and filters as JSON text, read and
 * written whole), the prospects each quarry has found (remembered, so a later run counts only new
 * ones), each account's usage in its 30-day period, and its automation settings template.
 */
export function quarriesMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('quarries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull())
        .addColumn('place_ids', 'text', (c) => c.notNull())
        .addColumn('post_filters', 'text', (c) => c.notNull())
        .addColumn('profile_filters', 'text', (c) => c.notNull())
        .addColumn('new_prospects', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prospect_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_run_at', bigint(dialect))
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('quarries_owner')
        .on('quarries')
        .columns(['owner_id', 'created_at'])
        .execute();
      // Scheduled runs look for active quarries across owners.
      await db.schema.createIndex('quarries_active').on('quarries').columns(['active', 'owner_id']).execute();

      await db.schema
        .createTable('quarry_prospects')
        .addColumn('quarry_id', 'text', (c) => c.notNull().references('quarries.id').onDelete('cascade'))
        .addColumn('profile_id', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', bigint(dialect), (c) => c.notNull())
        .addColumn('first_seen_run', 'integer', (c) => c.notNull())
        .addColumn('last_seen_run', 'integer', (c) => c.notNull())
        .addColumn('last_post_at', bigint(dialect), (c) => c.notNull())
        .addColumn('matched_posts', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('quarry_prospects_pk', ['quarry_id', 'profile_id'])
        .execute();
      await db.schema
        .createIndex('quarry_prospects_run')
        .on('quarry_prospects')
        .columns(['quarry_id', 'last_seen_run', 'first_seen_run'])
        .execute();

      await db.schema
        .createTable('prospecting_usage')
        .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('period_start', bigint(dialect), (c) => c.notNull())
        .addColumn('posts_scanned', bigint(dialect), (c) => c.notNull())
        .addColumn('prospects_found', bigint(dialect), (c) => c.notNull())
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('automation_templates')
        .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
    },
  };
}
