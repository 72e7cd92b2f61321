import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { CheckoutSessionTable, StorePurchaseTable } from '../../db/tables.js';
import type { ProviderSubscription } from './billing-provider.js';

export type CheckoutSessionRow = Selectable<CheckoutSessionTable>;
export type StorePurchaseRow = Selectable<StorePurchaseTable>;

/** A database handle bound to one transaction: every query through it is part of the transaction. */
export async function inTransaction<T>(
  database: Database,
  work: (scoped: Database) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute((trx) => work({ ...database, db: trx }));
}

// ---- Webhook dedupe (docs/security-policy.md#web-billing) ----

/** Records the event; false when it was already recorded (the caller then applies nothing). */
export async function recordProcessedEvent(
  database: Database,
  event: { provider: string; eventId: string; eventType: string; now: number },
): Promise<boolean> {
  const result = await database.db
    .insertInto('processed_events')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      event_type: event.eventType,
      received_at: event.now,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function isEventProcessed(database: Database, provider: string, eventId: string) {
  const row = await database.db
    .selectFrom('processed_events')
    .select('event_id')
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteProcessedEventsBefore(database: Database, before: number): Promise<number> {
  const result = await database.db
    .deleteFrom('processed_events')
    .where('received_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- Web customers ----

export interface BillingCustomerRow {
  provider: string;
  customerId: string;
  email: string | null;
  userId: string | null;
  subscriptions: ProviderSubscription[];
}

export async function findBillingCustomer(
  database: Database,
  provider: string,
  customerId: string,
): Promise<BillingCustomerRow | undefined> {
  const row = await database.db
    .selectFrom('billing_customers')
    .selectAll()
    .where('provider', '=', provider)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row && toCustomer(row);
}

export async function saveBillingCustomer(
  database: Database,
  customer: BillingCustomerRow & { now: number },
): Promise<void> {
  const values = {
    email: customer.email,
    user_id: customer.userId,
    subscriptions: JSON.stringify(customer.subscriptions),
    updated_at: customer.now,
  };
  await database.db
    .insertInto('billing_customers')
    .values({ provider: customer.provider, customer_id: customer.customerId, ...values })
    .onConflict((conflict) => conflict.columns(['provider', 'customer_id']).doUpdateSet(values))
    .execute();
}

/**
 * Binds an unclaimed customer to a user; false if another claim got there first. The set-up link
 * mailed before is spent, so it no longer holds back a restore email.
 */
export async function claimBillingCustomer(
  database: Database,
  claim: { provider: string; customerId: string; userId: string; now: number },
): Promise<boolean> {
  const result = await database.db
    .updateTable('billing_customers')
    .set({ user_id: claim.userId, updated_at: claim.now, setup_link_sent_at: null })
    .where('provider', '=', claim.provider)
    .where('customer_id', '=', claim.customerId)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the set-up link as sent to an unclaimed customer; false if it was already (or it is claimed). */
export async function markSetupLinkSent(
  database: Database,
  input: { provider: string; customerId: string; now: number },
): Promise<boolean> {
  const result = await database.db
    .updateTable('billing_customers')
    .set({ setup_link_sent_at: input.now })
    .where('provider', '=', input.provider)
    .where('customer_id', '=', input.customerId)
    .where('user_id', 'is', null)
    .where('setup_link_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The newest customer with this address; with `unclaimedOnly`, the newest no account has claimed yet. */
export async function findNewestCustomerByEmail(
  database: Database,
  query: { provider: string; email: string; unclaimedOnly?: boolean },
): Promise<BillingCustomerRow | undefined> {
  const row = await database.db
    .selectFrom('billing_customers')
    .selectAll()
    .where('provider', '=', query.provider)
    .where('email', '=', query.email)
    .$if(query.unclaimedOnly === true, (select) => select.where('user_id', 'is', null))
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toCustomer(row);
}

/** Marks a link as emailed to the customer now, unless one was since `notSince`; false then. */
export async function markLinkEmailed(
  database: Database,
  input: { provider: string; customerId: string; now: number; notSince: number },
): Promise<boolean> {
  const result = await database.db
    .updateTable('billing_customers')
    .set({ setup_link_sent_at: input.now })
    .where('provider', '=', input.provider)
    .where('customer_id', '=', input.customerId)
    .where((eb) =>
      eb.or([eb('setup_link_sent_at', 'is', null), eb('setup_link_sent_at', '<', input.notSince)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function toCustomer(row: {
  provider: string;
  customer_id: string;
  email: string | null;
  user_id: string | null;
  subscriptions: string;
}): BillingCustomerRow {
  return {
    provider: row.provider,
    customerId: row.customer_id,
    email: row.email,
    userId: row.user_id,
    subscriptions: JSON.parse(row.subscriptions) as ProviderSubscription[],
  };
}

// ---- Checkout sessions ----

export async function insertCheckoutSession(database: Database, row: Insertable<CheckoutSessionTable>) {
  await database.db.insertInto('checkout_sessions').values(row).execute();
}

export async function setProviderSessionId(database: Database, id: string, providerSessionId: string) {
  await database.db
    .updateTable('checkout_sessions')
    .set({ provider_session_id: providerSessionId })
    .where('id', '=', id)
    .execute();
}

export async function findCheckoutSession(database: Database, id: string) {
  return database.db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCheckoutSessionByProviderId(
  database: Database,
  provider: string,
  providerSessionId: string,
) {
  return database.db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_session_id', '=', providerSessionId)
    .executeTakeFirst();
}

export async function deleteCheckoutSessionsBefore(database: Database, before: number): Promise<void> {
  await database.db.deleteFrom('checkout_sessions').where('expires_at', '<', before).execute();
}

// ---- App-store purchases ----

export async function findStorePurchase(database: Database, platform: string, purchaseKey: string) {
  return database.db
    .selectFrom('store_purchases')
    .selectAll()
    .where('platform', '=', platform)
    .where('purchase_key', '=', purchaseKey)
    .executeTakeFirst();
}

export async function saveStorePurchase(database: Database, row: Insertable<StorePurchaseTable>) {
  const { platform: _platform, purchase_key: _key, created_at: _created, ...changes } = row;
  await database.db
    .insertInto('store_purchases')
    .values(row)
    .onConflict((conflict) => conflict.columns(['platform', 'purchase_key']).doUpdateSet(changes))
    .execute();
}

/** Whether any of the user's store purchases is active at `now`. */
export async function hasActiveStorePurchase(database: Database, userId: string, now: number) {
  const row = await database.db
    .selectFrom('store_purchases')
    .select('purchase_key')
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Active purchases whose time has run out: marked expired; answers their users. */
export async function expireStorePurchases(database: Database, now: number): Promise<string[]> {
  const rows = await database.db
    .updateTable('store_purchases')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .returning('user_id')
    .execute();
  return [...new Set(rows.map((row) => row.user_id))];
}

export async function findUnacknowledgedPurchases(database: Database, platform: string) {
  return database.db
    .selectFrom('store_purchases')
    .selectAll()
    .where('platform', '=', platform)
    .where('acknowledged', '=', 0)
    .where('status', '=', 'active')
    .execute();
}

export async function markAcknowledged(database: Database, platform: string, purchaseKey: string) {
  await database.db
    .updateTable('store_purchases')
    .set({ acknowledged: 1 })
    .where('platform', '=', platform)
    .where('purchase_key', '=', purchaseKey)
    .execute();
}

// ---- One user's billing, for "download my data" and deleting the account ----

export async function findCustomersOfUser(database: Database, userId: string): Promise<BillingCustomerRow[]> {
  const rows = await database.db
    .selectFrom('billing_customers')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  return rows.map(toCustomer);
}

export async function findStorePurchasesOfUser(database: Database, userId: string) {
  return database.db
    .selectFrom('store_purchases')
    .select(['platform', 'product_id', 'status', 'expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function findCheckoutsOfUser(database: Database, userId: string) {
  return database.db
    .selectFrom('checkout_sessions')
    .select(['provider', 'plan', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
