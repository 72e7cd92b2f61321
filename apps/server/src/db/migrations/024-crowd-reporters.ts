import { mailDomainOf } from '@tagscout/core/crowd';
import { type Kysely, sql } from 'kysely';
import { networkOf } from '../../client-address.js';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Independent reporters (decision 025): a crowd report keeps where it came from as agreement needs
 * it, the client's network (its /24 or /48) in place of its address, the domain of the account's
 * email and when the account was made. Reports stored before get theirs from their address and the
 * users and accounts tables; a report of an account no longer there gets an empty domain (all such
 * count as one) and its own time as the account's.
 */
export function crowdReportersMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('crowd_reports')
        .addColumn('client_network', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('crowd_reports')
        .addColumn('mail_domain', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('crowd_reports')
        .addColumn('account_created_at', bigint(dialect), (c) => c.notNull().defaultTo(0))
        .execute();

      const addresses = await sql<{ address: string }>`select distinct address from crowd_reports`.execute(
        db,
      );
      for (const { address } of addresses.rows) {
        await sql`update crowd_reports set client_network = ${networkOf(address)} where address = ${address}`.execute(
          db,
        );
      }
      const submitters = await sql<{
        submitter: string;
      }>`select distinct submitter from crowd_reports`.execute(db);
      for (const { submitter } of submitters.rows) {
        const user = await sql<{ email: string }>`select email from users where id = ${submitter}`.execute(
          db,
        );
        const account = await sql<{
          created_at: number | string;
        }>`select created_at from accounts where user_id = ${submitter}`.execute(db);
        const mailDomain = mailDomainOf(user.rows[0]?.email ?? '');
        const createdAt = account.rows[0] ? Number(account.rows[0].created_at) : null;
        await sql`update crowd_reports
                  set mail_domain = ${mailDomain},
                      account_created_at = ${createdAt === null ? sql.ref('reported_at') : createdAt}
                  where submitter = ${submitter}`.execute(db);
      }
      await db.schema.alterTable('crowd_reports').dropColumn('address').execute();
    },
  };
}
