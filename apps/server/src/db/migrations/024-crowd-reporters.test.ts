import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';

describe.each(testDialects)('migration 024: crowd reporters on %s', (dialect) => {
  let testDatabase: TestDatabase;
  afterEach(async () => {
    await testDatabase?.drop();
  });

  it('keeps each stored report’s network in place of its address, with its account’s mail domain and age', async () => {
    testDatabase = await createTestDatabase(dialect);
    await migrateWithout(testDatabase.database, '024-crowd-reporters');
    const { db } = testDatabase.database;
    const now = dialect === 'postgres' ? sql`now()` : sql`'2024-01-01'`;
    const verified = dialect === 'postgres' ? sql`true` : sql`1`;
    await sql`insert into users (id, name, email, "emailVerified", "createdAt", "updatedAt")
              values ('u1', '', 'ana@mail.catchall.example', ${verified}, ${now}, ${now})`.execute(db);
    await sql`insert into accounts (user_id, group_name, trial_status, created_at, updated_at)
              values ('u1', 'free', 'unregistered', 1600000000000, 1600000000000)`.execute(db);
    await sql`insert into crowd_reports
                (subject, network, item, field, submitter, device_id, address, value, reported_at)
              values ('hashtag', 'instagram', 'travel', 'count', 'u1', null, '203.0.113.7', '1', 1700000000000),
                     ('hashtag', 'instagram', 'travel', 'count', 'gone', null, '2001:db8:7:1::1', '1', 1700000000001)`.execute(
      db,
    );

    await migrateToLatest(testDatabase.database);

    const rows = await db
      .selectFrom('crowd_reports')
      .select(['submitter', 'client_network', 'mail_domain', 'account_created_at'])
      .orderBy('submitter')
      .execute();
    expect(rows.map((row) => ({ ...row, account_created_at: Number(row.account_created_at) }))).toEqual([
      {
        submitter: 'gone',
        client_network: '2001:db8:7::/48',
        mail_domain: '',
        account_created_at: 1_700_000_000_001,
      },
      {
        submitter: 'u1',
        client_network: '203.0.113.0/24',
        mail_domain: 'catchall.example',
        account_created_at: 1_600_000_000_000,
      },
    ]);
    const columns = (await db.introspection.getTables()).find(
      (table) => table.name === 'crowd_reports',
    )!.columns;
    expect(columns.map((column) => column.name)).not.toContain('address');
  });
});
