import { findProduct, PLANS, type PlanId, productForPlan } from '@tagscout/core/billing';
import type { Database } from '../../db/connect.js';
import type { RunningSubscription } from '../accounts/accounts.service.js';
import { findCheckoutsOfUser, findCustomersOfUser, findStorePurchasesOfUser } from './billing.repository.js';

/** Provider statuses that still charge (Stripe and Chargebee words; past_due retries the card). */
const CHARGING = new Set(['active', 'trialing', 'in_trial', 'non_renewing', 'past_due']);

/**
 * For "download my data": the user's web billing customers (what the provider reported), app-store
 * purchases and checkouts. Deleting the user deletes its store purchases (the store keeps the
 * receipt) and keeps the web customer, unlinked: the record of a sale (foreign keys, migration 008).
 */
export async function exportBilling(database: Database, userId: string) {
  const customers = await findCustomersOfUser(database, userId);
  const purchases = await findStorePurchasesOfUser(database, userId);
  const checkouts = await findCheckoutsOfUser(database, userId);
  return {
    customers: customers.map((customer) => ({
      provider: customer.provider,
      customerId: customer.customerId,
      email: customer.email,
      subscriptions: customer.subscriptions,
    })),
    storePurchases: purchases.map((purchase) => ({
      platform: purchase.platform,
      productId: purchase.product_id,
      status: purchase.status,
      expiresAt: Number(purchase.expires_at),
      createdAt: Number(purchase.created_at),
    })),
    checkouts: checkouts.map((checkout) => ({
      provider: checkout.provider,
      plan: checkout.plan,
      createdAt: Number(checkout.created_at),
    })),
  };
}

/** Subscriptions that keep charging whatever happens to the account: the stores' and the web provider's. */
export async function findRunningSubscriptions(
  database: Database,
  owner: { userId: string; now: number },
): Promise<RunningSubscription[]> {
  const purchases = await findStorePurchasesOfUser(database, owner.userId);
  const fromStores = purchases
    .filter((purchase) => purchase.status === 'active' && Number(purchase.expires_at) > owner.now)
    .map((purchase): RunningSubscription => {
      const platform = purchase.platform === 'android' ? 'android' : 'ios';
      return {
        store: platform === 'ios' ? 'app-store' : 'google-play',
        product: findProduct(platform, purchase.product_id)?.title ?? purchase.product_id,
        renewsAt: Number(purchase.expires_at),
      };
    });
  const customers = await findCustomersOfUser(database, owner.userId);
  const fromWeb = customers.flatMap((customer) =>
    customer.subscriptions
      .filter((subscription) => CHARGING.has(subscription.status.toLowerCase()))
      .map(
        (subscription): RunningSubscription => ({
          store: 'web',
          product: webProductName(subscription.plan),
          renewsAt: subscription.currentPeriodEnd,
        }),
      ),
  );
  return [...fromStores, ...fromWeb];
}

function webProductName(plan: PlanId | null): string {
  return plan && plan in PLANS ? productForPlan('web', plan).title : 'Tagscout Pro';
}
