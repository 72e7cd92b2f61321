import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { createTestDatabase, type TestDatabase, testDialects } from '../../test/test-database.js';
import { migrateToLatest } from '../migrate.js';

describe.each(testDialects)('migration 030: trial mailboxes on %s', (dialect) => {
  let testDatabase: TestDatabase;
  afterEach(async () => {
    await testDatabase?.drop();
  });

  it('marks the mailbox of every account that had a trial as used, the first one only, and no other', async () => {
    testDatabase = await createTestDatabase(dialect);
    await migrateWithout(testDatabase.database, '030-trial-mailboxes');
    const { db } = testDatabase.database;
    const now = dialect === 'postgres' ? sql`now()` : sql`'2024-01-01'`;
    const [yes, no] = dialect === 'postgres' ? [sql`true`, sql`false`] : [sql`1`, sql`0`];
    const users = [
      // An email trial stored at its mailbox (flow+123@ typed, before issue 36).
      ['u1', 'flow@example.com', no, 1_600_000_000_000],
      // A later account of the same mailbox that also had a trial: the mailbox is the first one's.
      ['u2', 'flow+shop@example.com', no, 1_600_000_000_500],
      ['u3', 'Bea+x@Example.com', no, 1_600_000_001_000],
      // No trial, and an anonymous trial: no mailbox.
      ['u4', 'free@example.com', no, null],
      ['u5', 'temp-u5@anonymous.tagscout.invalid', yes, 1_600_000_002_000],
    ] as const;
    for (const [id, email, isAnonymous, trialStartedAt] of users) {
      await sql`insert into users (id, name, email, "emailVerified", "isAnonymous", "createdAt", "updatedAt")
                values (${id}, '', ${email}, ${yes}, ${isAnonymous}, ${now}, ${now})`.execute(db);
      await sql`insert into accounts (user_id, group_name, trial_status, trial_started_at, created_at, updated_at)
                values (${id}, 'trial', 'active', ${trialStartedAt}, 1600000000000, 1600000000000)`.execute(
        db,
      );
    }

    await migrateToLatest(testDatabase.database);

    const rows = await db
      .selectFrom('trial_mailboxes')
      .select(['mailbox', 'user_id', 'created_at'])
      .orderBy('mailbox')
      .execute();
    expect(rows.map((row) => ({ ...row, created_at: Number(row.created_at) }))).toEqual([
      { mailbox: 'bea@example.com', user_id: 'u3', created_at: 1_600_000_001_000 },
      { mailbox: 'flow@example.com', user_id: 'u1', created_at: 1_600_000_000_000 },
    ]);

    // One row per mailbox, whoever writes it; it goes with its user.
    await expect(
      db
        .insertInto('trial_mailboxes')
        .values({ mailbox: 'flow@example.com', user_id: 'u4', created_at: 1 })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('trial_mailboxes').select('mailbox').execute()).toEqual([
      { mailbox: 'bea@example.com' },
    ]);
  });
});
