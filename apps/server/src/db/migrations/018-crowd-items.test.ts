import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';

/**
 * A store as it was before migration 018: tag count reports in crowd_count_reports (and so before
 * 024, which changes the table 018 makes).
 */
async function storeBeforeCrowdItems(testDatabase: TestDatabase): Promise<void> {
  await migrateWithout(testDatabase.database, '018-crowd-items', '024-crowd-reporters');
}

describe.each(testDialects)('migration 018: crowd items on %s', (dialect) => {
  let testDatabase: TestDatabase;
  afterEach(async () => {
    await testDatabase?.drop();
  });

  it('moves the tag count reports over and remembers which counts the crowd agreed on', async () => {
    testDatabase = await createTestDatabase(dialect);
    await storeBeforeCrowdItems(testDatabase);
    const { db } = testDatabase.database;
    await sql`insert into hashtags (network, name, post_count, count_state, count_source, banned, updated_at)
              values ('instagram', 'sunset', 4000, 'known', 'crowd', 0, 5),
                     ('instagram', 'travel', 500, 'known', 'import', 0, 5),
                     ('instagram', 'coin', -1, 'pending', null, 0, 5)`.execute(db);
    await sql`insert into crowd_count_reports (network, hashtag, submitter, device_id, address, count, reported_at)
              values ('instagram', 'sunset', 'u1', 'd1', '10.0.0.1', 4000, 7),
                     ('instagram', 'coin', 'u2', null, '10.0.0.2', 9999999999, 8)`.execute(db);
    await sql`insert into places (id, title, title_key, post_count, updated_at)
              values ('p1', 'Lisbon', 'lisbon', 10, 5)`.execute(db);

    await migrateToLatest(testDatabase.database);

    const reports = await db.selectFrom('crowd_reports').selectAll().orderBy('item').execute();
    // Migration 024 then keeps the address's network, and these accounts are gone (decision 025).
    const rows = reports.map((row) => ({
      ...row,
      reported_at: Number(row.reported_at),
      account_created_at: Number(row.account_created_at),
    }));
    expect(rows).toEqual([
      {
        subject: 'hashtag',
        network: 'instagram',
        item: 'coin',
        field: 'count',
        submitter: 'u2',
        device_id: null,
        client_network: '10.0.0.0/24',
        mail_domain: '',
        account_created_at: 8,
        value: '9999999999',
        reported_at: 8,
      },
      {
        subject: 'hashtag',
        network: 'instagram',
        item: 'sunset',
        field: 'count',
        submitter: 'u1',
        device_id: 'd1',
        client_network: '10.0.0.0/24',
        mail_domain: '',
        account_created_at: 7,
        value: '4000',
        reported_at: 7,
      },
    ]);
    const items = await db
      .selectFrom('crowd_items')
      .select(['subject', 'item', 'served', 'trusted'])
      .execute();
    expect(items).toEqual([{ subject: 'hashtag', item: 'sunset', served: '{"count":4000}', trusted: '{}' }]);
    const place = await db.selectFrom('places').select(['id', 'value_source']).executeTakeFirstOrThrow();
    expect(place).toEqual({ id: 'p1', value_source: null });
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('crowd_count_reports');
  });
});
