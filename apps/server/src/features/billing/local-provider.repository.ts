import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type {
  LocalBillingCheckoutTable,
  LocalBillingPortalSessionTable,
  LocalBillingSubscriptionTable,
} from '../../db/tables.js';

export type LocalCheckoutRow = Selectable<LocalBillingCheckoutTable>;
export type LocalSubscriptionRow = Selectable<LocalBillingSubscriptionTable>;
export type LocalPortalRow = Selectable<LocalBillingPortalSessionTable>;

export async function insertLocalCheckout(database: Database, row: Insertable<LocalBillingCheckoutTable>) {
  await database.db.insertInto('local_billing_checkouts').values(row).execute();
}

export async function findLocalCheckout(database: Database, id: string) {
  return database.db
    .selectFrom('local_billing_checkouts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Completes an open checkout; false when it was already completed (a second "pay"). */
export async function completeLocalCheckout(
  database: Database,
  change: { id: string; customerId: string; email: string; subscriptionId: string },
): Promise<boolean> {
  const result = await database.db
    .updateTable('local_billing_checkouts')
    .set({
      status: 'complete',
      customer_id: change.customerId,
      email: change.email,
      subscription_id: change.subscriptionId,
    })
    .where('id', '=', change.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertLocalCustomer(
  database: Database,
  row: { id: string; email: string; created_at: number },
) {
  await database.db.insertInto('local_billing_customers').values(row).execute();
}

export async function findLocalCustomer(database: Database, id: string) {
  return database.db
    .selectFrom('local_billing_customers')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertLocalSubscription(
  database: Database,
  row: Insertable<LocalBillingSubscriptionTable>,
) {
  await database.db.insertInto('local_billing_subscriptions').values(row).execute();
}

/** The customer's subscriptions, newest first. */
export async function listLocalSubscriptions(database: Database, customerId: string) {
  return database.db
    .selectFrom('local_billing_subscriptions')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Cancels the customer's active subscriptions; answers the ones it cancelled. */
export async function cancelLocalSubscriptions(database: Database, customerId: string, now: number) {
  return database.db
    .updateTable('local_billing_subscriptions')
    .set({ status: 'canceled', updated_at: now })
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
}

export async function insertLocalPortalSession(
  database: Database,
  row: Insertable<LocalBillingPortalSessionTable>,
) {
  await database.db.insertInto('local_billing_portal_sessions').values(row).execute();
}

export async function findLocalPortalSession(database: Database, id: string) {
  return database.db
    .selectFrom('local_billing_portal_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertLocalEvent(
  database: Database,
  row: { id: string; type: string; payload: string; created_at: number },
) {
  await database.db.insertInto('local_billing_events').values(row).execute();
}

export async function findUndeliveredLocalEvents(database: Database, limit = 100) {
  return database.db
    .selectFrom('local_billing_events')
    .selectAll()
    .where('delivered_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markLocalEventDelivery(
  database: Database,
  change: { id: string; deliveredAt: number | null },
) {
  await database.db
    .updateTable('local_billing_events')
    .set((eb) => ({ delivered_at: change.deliveredAt, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', change.id)
    .execute();
}

/** Checkouts nobody paid that ended before `before` (the provider forgets them). */
export async function deleteUnpaidLocalCheckouts(database: Database, before: number) {
  await database.db
    .deleteFrom('local_billing_checkouts')
    .where('status', '=', 'open')
    .where('expires_at', '<', before)
    .execute();
  await database.db.deleteFrom('local_billing_portal_sessions').where('expires_at', '<', before).execute();
}
