import { type Kysely, sql } from 'kysely';
import { mailboxOf } from '../../features/identity/email-address.js';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * One email trial per mailbox (issue 36, decision 032): a trial's account keeps its address as
 * typed, and the mailbox it delivers to (name+anything@host is name@host) is kept here, one row
 * per mailbox, so of two trials for one mailbox, even concurrent ones, only one is written. Before,
 * the account's address was the mailbox itself: every account that had a trial marks its mailbox
 * as used, the earliest trial where two share one. The row goes with its user.
 */
export function trialMailboxesMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trial_mailboxes')
        .addColumn('mailbox', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trial_mailboxes_user').on('trial_mailboxes').column('user_id').execute();

      const isAnonymous = dialect === 'postgres' ? sql`u."isAnonymous" is true` : sql`u."isAnonymous" = 1`;
      const trials = await sql<{ id: string; email: string; trial_started_at: number | string }>`
        select u.id, u.email, a.trial_started_at
        from users u join accounts a on a.user_id = u.id
        where a.trial_started_at is not null and not coalesce(${isAnonymous}, false)
        order by a.trial_started_at, u.id`.execute(db);
      for (const trial of trials.rows) {
        await sql`insert into trial_mailboxes (mailbox, user_id, created_at)
                  values (${mailboxOf(trial.email)}, ${trial.id}, ${Number(trial.trial_started_at)})
                  on conflict (mailbox) do nothing`.execute(db);
      }
    },
  };
}
