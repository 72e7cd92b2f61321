import type { Kysely } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Billing (decision 009): the webhook events already applied (dedupe), the web customers and
 * their subscriptions as the provider last reported them, our checkout sessions (who started
 * them), app-store purchases (one account per purchase token or original transaction), and the
 * local provider's own side: its customers, checkouts, subscriptions, portal sessions and the
 * webhook events it still has to deliver.
 */
export function billingMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      const time = bigint(dialect);
      await db.schema
        .createTable('processed_events')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('received_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('processed_events_pk', ['provider', 'event_id'])
        .execute();
      await db.schema
        .createIndex('processed_events_received')
        .on('processed_events')
        .column('received_at')
        .execute();

      await db.schema
        .createTable('billing_customers')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('subscriptions', 'text', (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('billing_customers_pk', ['provider', 'customer_id'])
        .execute();
      await db.schema
        .createIndex('billing_customers_user')
        .on('billing_customers')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('checkout_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_session_id', 'text')
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('checkout_sessions_provider')
        .on('checkout_sessions')
        .columns(['provider', 'provider_session_id'])
        .execute();

      await db.schema
        .createTable('store_purchases')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('purchase_key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .addColumn('acknowledged', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .addPrimaryKeyConstraint('store_purchases_pk', ['platform', 'purchase_key'])
        .execute();
      await db.schema.createIndex('store_purchases_user').on('store_purchases').column('user_id').execute();

      // The local provider's side (what Stripe would hold).
      await db.schema
        .createTable('local_billing_customers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('local_billing_checkouts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'text')
        .addColumn('email', 'text')
        .addColumn('client_reference_id', 'text', (c) => c.notNull())
        .addColumn('success_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('subscription_id', 'text')
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('local_billing_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('current_period_end', time, (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('local_billing_subscriptions_customer')
        .on('local_billing_subscriptions')
        .columns(['customer_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('local_billing_portal_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('customer_id', 'text', (c) => c.notNull())
        .addColumn('return_url', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('local_billing_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('delivered_at', time)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('local_billing_events_pending')
        .on('local_billing_events')
        .columns(['delivered_at', 'created_at'])
        .execute();
    },
  };
}
