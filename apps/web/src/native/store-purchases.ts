import type { StorePlatform } from './native-platform';

/** A product as the store sells it, with its price in the store's own words. */
export interface StoreProduct {
  productId: string;
  price: string;
  title: string;
  description: string;
  /** Google Play's base plan (needed to buy a subscription there). */
  planIdentifier?: string | undefined;
}

/** What the server checks: the App Store's signed transaction, or Google Play's purchase token. */
export type StoreReceipt =
  | { platform: 'ios'; signedTransaction: string }
  | { platform: 'android'; purchaseToken: string; productId: string };

/** The buyer closed the store's sheet: not an error, nothing to say. */
export class PurchaseCancelledError extends Error {}

/**
 * The port to the app store (decision 009). The Capacitor implementation talks to
 * @capgo/native-purchases; tests pass a fake.
 */
export interface StorePurchases {
  loadProducts(productIds: readonly string[]): Promise<StoreProduct[]>;
  /** Opens the store's purchase sheet; the account token binds the purchase to our user. */
  subscribe(product: StoreProduct, accountToken: string): Promise<StoreReceipt>;
  /** Asks the store for this user's subscriptions again and answers their receipts. */
  restore(accountToken: string): Promise<StoreReceipt[]>;
  /** The store's own subscription management (cancel, change plan). */
  manageSubscriptions(): Promise<void>;
}

/** The in-app purchase plugin behind the port; loaded only inside the apps. */
export function createNativeStorePurchases(platform: StorePlatform): StorePurchases {
  const plugin = () => import('@capgo/native-purchases');
  return {
    async loadProducts(productIds) {
      const { NativePurchases, PURCHASE_TYPE } = await plugin();
      const { products } = await NativePurchases.getProducts({
        productIdentifiers: [...productIds],
        productType: PURCHASE_TYPE.SUBS,
      });
      return products.map((product) => ({
        productId: product.identifier,
        price: product.priceString,
        title: product.title,
        description: product.description,
        planIdentifier: product.planIdentifier,
      }));
    },

    async subscribe(product, accountToken) {
      const { NativePurchases, PURCHASE_TYPE } = await plugin();
      let transaction: Awaited<ReturnType<typeof NativePurchases.purchaseProduct>>;
      try {
        transaction = await NativePurchases.purchaseProduct({
          productIdentifier: product.productId,
          planIdentifier: product.planIdentifier,
          productType: PURCHASE_TYPE.SUBS,
          quantity: 1,
          appAccountToken: accountToken,
          // The server acknowledges Google Play purchases once it has granted them.
          autoAcknowledgePurchases: platform === 'ios',
        });
      } catch (error) {
        if (/cancel/i.test(String((error as { message?: string })?.message ?? error))) {
          throw new PurchaseCancelledError('cancelled');
        }
        throw error;
      }
      return receiptOf(platform, transaction, product.productId);
    },

    async restore(accountToken) {
      const { NativePurchases, PURCHASE_TYPE } = await plugin();
      await NativePurchases.restorePurchases();
      const { purchases } = await NativePurchases.getPurchases({
        productType: PURCHASE_TYPE.SUBS,
        appAccountToken: accountToken,
      });
      return purchases.flatMap((purchase) => {
        try {
          return [receiptOf(platform, purchase, purchase.productIdentifier)];
        } catch {
          return [];
        }
      });
    },

    async manageSubscriptions() {
      const { NativePurchases } = await plugin();
      await NativePurchases.manageSubscriptions();
    },
  };
}

function receiptOf(
  platform: StorePlatform,
  transaction: { jwsRepresentation?: string; purchaseToken?: string },
  productId: string,
): StoreReceipt {
  if (platform === 'ios') {
    if (!transaction.jwsRepresentation) throw new Error('The App Store gave no signed transaction.');
    return { platform, signedTransaction: transaction.jwsRepresentation };
  }
  if (!transaction.purchaseToken) throw new Error('Google Play gave no purchase token.');
  return { platform, purchaseToken: transaction.purchaseToken, productId };
}

const ports = new Map<StorePlatform, StorePurchases>();

/** The app's one store port (the plugin keeps its own state). */
export function storePurchasesFor(platform: StorePlatform): StorePurchases {
  let port = ports.get(platform);
  if (!port) {
    port = createNativeStorePurchases(platform);
    ports.set(platform, port);
  }
  return port;
}
