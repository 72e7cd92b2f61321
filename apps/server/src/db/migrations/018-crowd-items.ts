import { type Kysely, sql } from 'kysely';
import { bigint, hasColumn, type MigrationDialect } from './portable.js';

/**
 * Crowd reports for places and profiles too (decision 011): every crowd report, of a tag's count or
 * of a place's or a profile's field, is one row of `crowd_reports` (its value as JSON), so one rule
 * decides them all and one submitter's reports can be found and removed together. `crowd_items` holds,
 * per reported item, what the crowd put into the served row and what was there before, so removing
 * a submitter's reports can put back what no one else agrees on. Places and profiles say where their
 * values came from (`value_source`). The reports of migration 014 move over.
 */
export function crowdItemsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('crowd_reports')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('submitter', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('reported_at', bigint(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('crowd_reports_key', ['subject', 'network', 'item', 'field', 'submitter'])
        .execute();
      await db.schema
        .createIndex('crowd_reports_submitter')
        .on('crowd_reports')
        .column('submitter')
        .execute();
      await db.schema
        .createTable('crowd_items')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('served', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('trusted', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('crowd_items_key', ['subject', 'network', 'item'])
        .execute();

      await sql`insert into crowd_reports
                  (subject, network, item, field, submitter, device_id, address, value, reported_at)
                select 'hashtag', network, hashtag, 'count', submitter, device_id, address,
                       cast(count as text), reported_at
                from crowd_count_reports`.execute(db);
      // Counts agreed before: the crowd put them there; what was there before is not known. (Before
      // migration 013 runs, tags have no network: they are Instagram's.)
      const network = (await hasColumn(db, 'hashtags', 'network'))
        ? sql.ref('network')
        : sql.lit('instagram');
      await sql`insert into crowd_items (subject, network, item, served, trusted, updated_at)
                select 'hashtag', ${network}, name, '{"count":' || cast(post_count as text) || '}', '{}', updated_at
                from hashtags where count_source = 'crowd' and count_state = 'known'`.execute(db);
      await db.schema.dropTable('crowd_count_reports').execute();

      await db.schema.alterTable('places').addColumn('value_source', 'text').execute();
      await db.schema.alterTable('profiles').addColumn('value_source', 'text').execute();
    },
  };
}
