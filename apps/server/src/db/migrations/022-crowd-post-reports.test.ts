import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';

describe.each(testDialects)('migration 022: crowd post reports on %s', (dialect) => {
  let testDatabase: TestDatabase;
  afterEach(async () => {
    await testDatabase?.drop();
  });

  it('makes each stored crowd post its first reporter’s report, and trusted posts no one’s', async () => {
    testDatabase = await createTestDatabase(dialect);
    await migrateWithout(testDatabase.database, '022-crowd-post-reports');
    const { db } = testDatabase.database;
    await sql`insert into posts (post_id, owner, taken_at, place_id, source, submitted_by, tag_ids)
              values ('c1', 'o1', 1700000000, 'p1', 'crowd', 'u1', '3,4'),
                     ('i1', 'o2', 1700000001, null, 'import', null, '3,5')`.execute(db);

    await migrateToLatest(testDatabase.database);

    const c1 = await db
      .selectFrom('posts')
      .select('id')
      .where('post_id', '=', 'c1')
      .executeTakeFirstOrThrow();
    const reports = await db.selectFrom('crowd_post_reports').selectAll().execute();
    expect(reports.map((row) => ({ ...row, reported_at: Number(row.reported_at) }))).toEqual([
      {
        post_id: c1.id,
        submitter: 'u1',
        owner: 'o1',
        place_id: 'p1',
        tag_ids: '3,4',
        reported_at: 1_700_000_000_000,
      },
    ]);
  });
});
