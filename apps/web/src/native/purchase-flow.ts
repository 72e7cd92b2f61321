import { orderProductList, PRODUCTS } from '@tagscout/core/billing';
import { safeLocalStorage } from '../shell/safe-storage';
import type { StorePlatform } from './native-platform';
import {
  PurchaseCancelledError,
  type StoreProduct,
  type StorePurchases,
  type StoreReceipt,
} from './store-purchases';

/** The flag the apps keep, true once the server has validated a store purchase. */
export const VALID_SUBSCRIPTION_KEY = 'validSubscription';

/** What the flow needs of our server. */
export interface PurchaseServer {
  /** The account token of the signed-in user; rejects with status 401 without a session. */
  accountToken(): Promise<string>;
  /** ios-verify or android-verify: return.validSubscription. */
  verify(receipt: StoreReceipt): Promise<boolean>;
}

/**
 * The purchase flow (docs/product-rules.md#plans-and-purchases): subscribe -> store receipt -> server validation.
 * valid: the server accepted it (go to /tags); invalid: the server refused it; error: something
 * failed on the way; retry: the store's check could not answer now (nothing is lost, ask again);
 * cancelled: the buyer closed the store's sheet; signInRequired: no session to bind the purchase to.
 */
export type PurchaseOutcome = 'valid' | 'invalid' | 'error' | 'retry' | 'cancelled' | 'signInRequired';

export async function purchaseWithStore(
  deps: { store: StorePurchases; server: PurchaseServer },
  product: StoreProduct,
): Promise<PurchaseOutcome> {
  let token: string;
  try {
    token = await deps.server.accountToken();
  } catch (error) {
    return isUnauthorized(error) ? 'signInRequired' : 'error';
  }
  let receipt: StoreReceipt;
  try {
    receipt = await deps.store.subscribe(product, token);
  } catch (error) {
    return error instanceof PurchaseCancelledError ? 'cancelled' : 'error';
  }
  try {
    const isValid = await deps.server.verify(receipt);
    rememberValidity(isValid);
    return isValid ? 'valid' : 'invalid';
  } catch (error) {
    if (isRetryLater(error)) return 'retry';
    rememberValidity(false);
    return 'error';
  }
}

/**
 * Restore purchases: valid when the server accepts any of the store's receipts (go to /tags);
 * otherwise invalid or error, and the app goes to /login.
 */
export async function restoreWithStore(deps: {
  store: StorePurchases;
  server: PurchaseServer;
}): Promise<'valid' | 'invalid' | 'error' | 'retry'> {
  try {
    const token = await deps.server.accountToken();
    const receipts = await deps.store.restore(token);
    for (const receipt of receipts) {
      if (await deps.server.verify(receipt)) {
        rememberValidity(true);
        return 'valid';
      }
    }
    rememberValidity(false);
    return 'invalid';
  } catch (error) {
    if (isRetryLater(error)) return 'retry';
    rememberValidity(false);
    return 'error';
  }
}

/**
 * The store's products: the list the plans screen shows (limited annual out, annual second) and
 * the limited annual product the special offer sells, if the store has it.
 */
export async function loadStoreProducts(
  store: StorePurchases,
  platform: StorePlatform,
): Promise<{ listed: StoreProduct[]; special: StoreProduct | null }> {
  const definitions = PRODUCTS[platform];
  const products = await store.loadProducts(definitions.map((definition) => definition.productId));
  const limitedId = definitions.find((definition) => definition.isLimited)?.productId;
  return {
    listed: orderProductList(products, platform),
    special: products.find((product) => product.productId === limitedId) ?? null,
  };
}

function rememberValidity(isValid: boolean): void {
  // Storage refused: the server still knows.
  safeLocalStorage.setItem(VALID_SUBSCRIPTION_KEY, String(isValid));
}

/** The server's 503: the store could not be asked now (Apple's online check, Google's API). */
function isRetryLater(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: number }).status === 503;
}

function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: number }).status === 401;
}
