import type { Kysely } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * A buyer who paid while signed out is emailed the account set-up link once (setup_link_sent_at),
 * and any account that later verifies the paying address takes the plan: the customers nobody has
 * claimed yet are found by their address.
 */
export function billingSetupLinkMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('billing_customers')
        .addColumn('setup_link_sent_at', bigint(dialect))
        .execute();
      await db.schema
        .createIndex('billing_customers_email')
        .on('billing_customers')
        .columns(['provider', 'email'])
        .execute();
    },
  };
}
