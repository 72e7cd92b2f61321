import { createHmac } from 'node:crypto';
import { UserGroup } from '@tagscout/core/access';
import { BillingErrorCode, ErrorCode } from '@tagscout/core/api';
import { findProduct } from '@tagscout/core/billing';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import { findAccountBilling, setSubscriptionState } from '../accounts/accounts.service.js';
import {
  expireStorePurchases,
  findStorePurchase,
  findUnacknowledgedPurchases,
  hasActiveStorePurchase,
  inTransaction,
  markAcknowledged,
  saveStorePurchase,
} from './billing.repository.js';
import type { BillingRuntime } from './billing.runtime.js';
import { AppleVerificationError, ProviderUnavailableError } from './billing-provider.js';

type PurchaseStatus = 'active' | 'expired' | 'revoked' | 'invalid';

const DAY_MS = 86_400_000;

/** Google Play states in which the subscriber has access until expiryTime. */
const GOOGLE_ENTITLED_STATES = new Set([
  'SUBSCRIPTION_STATE_ACTIVE',
  'SUBSCRIPTION_STATE_IN_GRACE_PERIOD',
  // Cancelled: auto-renew is off, access lasts until the end of the paid period.
  'SUBSCRIPTION_STATE_CANCELED',
]);

/**
 * The id the apps give the store with a purchase (Apple appAccountToken, Google
 * obfuscatedAccountId): a UUID keyed from the user id with a server secret, so it names the
 * account without revealing it, and the server can require a purchase to carry the caller's.
 */
export function accountTokenFor(runtime: Pick<BillingRuntime, 'accountTokenSecret'>, userId: string): string {
  const bytes = createHmac('sha256', runtime.accountTokenSecret).update(`store-account:${userId}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An App Store signed transaction: valid when Apple's library verifies it for our app, the product
 * is ours, it carries this user's account token, is not revoked and has not expired (server clock).
 */
export async function verifyIosPurchase(
  runtime: BillingRuntime,
  input: { userId: string; signedTransaction: string },
): Promise<boolean> {
  if (!runtime.apple) throw notConfigured('App Store');
  let transaction: Awaited<ReturnType<NonNullable<BillingRuntime['apple']>['verifyTransaction']>>;
  try {
    transaction = await runtime.apple.verifyTransaction(input.signedTransaction);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      runtime.log.warn({ err: error, userId: input.userId }, 'App Store check unavailable; nothing granted');
      throw new AppError(
        503,
        ErrorCode.unavailable,
        'The App Store could not confirm the purchase right now. Try again in a moment.',
      );
    }
    if (!(error instanceof AppleVerificationError)) throw error;
    runtime.log.warn({ userId: input.userId, reason: error.message }, 'App Store transaction refused');
    return false;
  }
  const productId = transaction.productId ?? '';
  const purchaseKey = transaction.originalTransactionId ?? transaction.transactionId;
  if (!findProduct('ios', productId) || !purchaseKey) return refuse(runtime, input.userId, 'unknown product');
  if (transaction.appAccountToken !== accountTokenFor(runtime, input.userId)) {
    return refuse(runtime, input.userId, 'appAccountToken is not this account');
  }
  const now = runtime.now();
  const expiresAt = transaction.expiresDate ?? 0;
  const status: PurchaseStatus =
    transaction.revocationDate !== undefined ? 'revoked' : expiresAt > now ? 'active' : 'expired';
  return recordPurchase(runtime, {
    platform: 'ios',
    purchaseKey,
    userId: input.userId,
    productId,
    status,
    expiresAt,
    isAcknowledged: true,
  });
}

/**
 * A Google Play purchase token, checked with purchases.subscriptionsv2 for our package: the
 * product, the state and expiry, and this user's obfuscated account id. Acknowledged after it is
 * granted (Google refunds purchases not acknowledged within 3 days).
 */
export async function verifyAndroidPurchase(
  runtime: BillingRuntime,
  input: { userId: string; purchaseToken: string; productId: string },
): Promise<boolean> {
  const { googlePlay } = runtime;
  if (!googlePlay) throw notConfigured('Google Play');
  if (!findProduct('android', input.productId)) return refuse(runtime, input.userId, 'unknown product');
  let purchase: Awaited<ReturnType<typeof googlePlay.getSubscription>>;
  try {
    purchase = await googlePlay.getSubscription(input.purchaseToken);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    runtime.log.warn({ err: error }, 'Google Play unavailable; nothing granted');
    throw new AppError(503, ErrorCode.unavailable, 'Google Play could not be reached. Try again.');
  }
  if (!purchase) return refuse(runtime, input.userId, 'Google does not know the purchase token');
  const items = purchase.lineItems.filter((item) => item.productId === input.productId);
  if (items.length === 0) return refuse(runtime, input.userId, 'the purchase is for another product');
  if (
    purchase.externalAccountIdentifiers?.obfuscatedExternalAccountId !==
    accountTokenFor(runtime, input.userId)
  ) {
    return refuse(runtime, input.userId, 'obfuscatedExternalAccountId is not this account');
  }
  const expiresAt = Math.max(0, ...items.map((item) => Date.parse(item.expiryTime ?? '') || 0));
  const isEntitled = GOOGLE_ENTITLED_STATES.has(purchase.subscriptionState);
  const now = runtime.now();
  const status: PurchaseStatus =
    isEntitled && expiresAt > now
      ? 'active'
      : purchase.subscriptionState === 'SUBSCRIPTION_STATE_EXPIRED' || expiresAt <= now
        ? 'expired'
        : 'invalid';
  const needsAcknowledgement = purchase.acknowledgementState === 'ACKNOWLEDGEMENT_STATE_PENDING';
  const isValid = await recordPurchase(runtime, {
    platform: 'android',
    purchaseKey: input.purchaseToken,
    userId: input.userId,
    productId: input.productId,
    status,
    expiresAt,
    isAcknowledged: !needsAcknowledgement,
  });
  if (isValid && needsAcknowledgement) await acknowledge(runtime, input.productId, input.purchaseToken);
  return isValid;
}

/** Store purchases whose time ran out lose the user's entitlement; pending acknowledgements are retried. */
export async function sweepStorePurchases(runtime: BillingRuntime): Promise<void> {
  const now = runtime.now();
  for (const userId of await expireStorePurchases(runtime.database, now)) {
    await inTransaction(runtime.database, (scoped) => applyStoreEntitlement(scoped, userId, now));
  }
  if (!runtime.googlePlay) return;
  for (const purchase of await findUnacknowledgedPurchases(runtime.database, 'android')) {
    await acknowledge(runtime, purchase.product_id, purchase.purchase_key);
    // Google refunds a purchase not acknowledged within 3 days (docs/security-policy.md#store-purchases: alert after 24 h).
    if (now - purchase.created_at > DAY_MS) {
      runtime.log.error(
        { userId: purchase.user_id, productId: purchase.product_id },
        'Google Play purchase unacknowledged for over 24 h',
      );
    }
  }
}

// ---- Helpers ----

/**
 * Saves the purchase for the user and sets their entitlement, in one transaction. A purchase key
 * already bound to another account is refused (one account per purchase token or transaction).
 */
async function recordPurchase(
  runtime: BillingRuntime,
  purchase: {
    platform: 'ios' | 'android';
    purchaseKey: string;
    userId: string;
    productId: string;
    status: PurchaseStatus;
    expiresAt: number;
    isAcknowledged: boolean;
  },
): Promise<boolean> {
  const now = runtime.now();
  const outcome = await inTransaction(runtime.database, async (scoped) => {
    const existing = await findStorePurchase(scoped, purchase.platform, purchase.purchaseKey);
    if (existing && existing.user_id !== purchase.userId) return 'taken' as const;
    await saveStorePurchase(scoped, {
      platform: purchase.platform,
      purchase_key: purchase.purchaseKey,
      user_id: purchase.userId,
      product_id: purchase.productId,
      status: purchase.status,
      expires_at: purchase.expiresAt,
      acknowledged: purchase.isAcknowledged || existing?.acknowledged === 1 ? 1 : 0,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    });
    await applyStoreEntitlement(scoped, purchase.userId, now);
    return purchase.status;
  });
  runtime.log.info(
    { platform: purchase.platform, userId: purchase.userId, productId: purchase.productId, outcome },
    'store purchase checked',
  );
  return outcome === 'active';
}

/** mobileCustomer while any store purchase is active; back to the web group (or free) after. */
async function applyStoreEntitlement(scoped: Database, userId: string, now: number): Promise<void> {
  const isValid = await hasActiveStorePurchase(scoped, userId, now);
  const account = await findAccountBilling(scoped, userId);
  const group = account?.group;
  const nextGroup =
    isValid && group !== UserGroup.admin
      ? UserGroup.mobileCustomer
      : !isValid && group === UserGroup.mobileCustomer
        ? account?.billingId
          ? UserGroup.CBcustomer
          : UserGroup.free
        : undefined;
  await setSubscriptionState(
    scoped,
    userId,
    { hasValidStoreSubscription: isValid, ...(nextGroup !== undefined && { group: nextGroup }) },
    now,
  );
}

async function acknowledge(runtime: BillingRuntime, productId: string, purchaseToken: string) {
  try {
    await runtime.googlePlay?.acknowledge(productId, purchaseToken);
    await markAcknowledged(runtime.database, 'android', purchaseToken);
  } catch (error) {
    runtime.log.warn({ err: error, productId }, 'Google Play acknowledgement failed; will retry');
  }
}

function refuse(runtime: BillingRuntime, userId: string, reason: string): false {
  runtime.log.warn({ userId, reason }, 'store purchase refused');
  return false;
}

/** 404: the route exists everywhere, but this server has no credentials for that store. */
function notConfigured(store: string): AppError {
  return new AppError(
    404,
    BillingErrorCode.notConfigured,
    `${store} purchases are not set up on this server.`,
  );
}
