import { afterEach, describe, expect, it } from 'vitest';
import {
  loadStoreProducts,
  type PurchaseServer,
  purchaseWithStore,
  restoreWithStore,
  VALID_SUBSCRIPTION_KEY,
} from './purchase-flow';
import {
  PurchaseCancelledError,
  type StoreProduct,
  type StorePurchases,
  type StoreReceipt,
} from './store-purchases';

const MONTHLY: StoreProduct = {
  productId: 'com.tagscout.app.pro.monthly',
  price: '$4.99',
  title: 'M',
  description: '',
};
const receipt: StoreReceipt = { platform: 'ios', signedTransaction: 'a.b.c' };

function fakeStore(overrides: Partial<StorePurchases> = {}): StorePurchases {
  return {
    loadProducts: async () => [],
    subscribe: async () => receipt,
    restore: async () => [],
    manageSubscriptions: async () => {},
    ...overrides,
  };
}

function fakeServer(overrides: Partial<PurchaseServer> = {}): PurchaseServer {
  return {
    accountToken: async () => '6f9619ff-8b86-4011-b42d-00c04fc964ff',
    verify: async () => true,
    ...overrides,
  };
}

describe('purchase flow', () => {
  afterEach(() => localStorage.clear());

  it('tells "try again" (the server could not ask the store now) apart from an invalid purchase', async () => {
    const unavailable = Object.assign(new Error('The App Store could not confirm the purchase'), {
      status: 503,
    });
    const server = fakeServer({
      verify: async () => {
        throw unavailable;
      },
    });
    localStorage.setItem(VALID_SUBSCRIPTION_KEY, 'true');
    expect(await purchaseWithStore({ store: fakeStore(), server }, MONTHLY)).toBe('retry');
    // Nothing was decided: what the app knew stays.
    expect(localStorage.getItem(VALID_SUBSCRIPTION_KEY)).toBe('true');
    const store = fakeStore({ restore: async () => [receipt] });
    expect(await restoreWithStore({ store, server })).toBe('retry');
  });

  it('subscribes with the account token, then keeps validSubscription from the server answer', async () => {
    let token = '';
    const store = fakeStore({
      subscribe: async (_product, accountToken) => {
        token = accountToken;
        return receipt;
      },
    });
    expect(await purchaseWithStore({ store, server: fakeServer() }, MONTHLY)).toBe('valid');
    expect(token).toBe('6f9619ff-8b86-4011-b42d-00c04fc964ff');
    expect(localStorage.getItem(VALID_SUBSCRIPTION_KEY)).toBe('true');

    expect(
      await purchaseWithStore({ store, server: fakeServer({ verify: async () => false }) }, MONTHLY),
    ).toBe('invalid');
    expect(localStorage.getItem(VALID_SUBSCRIPTION_KEY)).toBe('false');
  });

  it('tells a cancelled sheet, a store error, a server error and a missing session apart', async () => {
    const cancelled = fakeStore({
      subscribe: async () => {
        throw new PurchaseCancelledError('cancelled');
      },
    });
    const broken = fakeStore({
      subscribe: async () => {
        throw new Error('billing unavailable');
      },
    });
    const noSession = fakeServer({
      accountToken: async () => {
        throw Object.assign(new Error('Sign in'), { status: 401 });
      },
    });
    const failing = fakeServer({
      verify: async () => {
        throw new Error('503');
      },
    });
    expect(await purchaseWithStore({ store: cancelled, server: fakeServer() }, MONTHLY)).toBe('cancelled');
    expect(await purchaseWithStore({ store: broken, server: fakeServer() }, MONTHLY)).toBe('error');
    expect(await purchaseWithStore({ store: fakeStore(), server: noSession }, MONTHLY)).toBe(
      'signInRequired',
    );
    expect(await purchaseWithStore({ store: fakeStore(), server: failing }, MONTHLY)).toBe('error');
    expect(localStorage.getItem(VALID_SUBSCRIPTION_KEY)).toBe('false');
  });

  it('restores when the server accepts any receipt, and answers invalid or error otherwise', async () => {
    const receipts: StoreReceipt[] = [receipt, { platform: 'ios', signedTransaction: 'd.e.f' }];
    const store = fakeStore({ restore: async () => receipts });
    const second = fakeServer({ verify: async (item) => item === receipts[1] });
    expect(await restoreWithStore({ store, server: second })).toBe('valid');
    expect(await restoreWithStore({ store: fakeStore(), server: fakeServer() })).toBe('invalid');
    const noSession = fakeServer({
      accountToken: async () => {
        throw Object.assign(new Error('Sign in'), { status: 401 });
      },
    });
    expect(await restoreWithStore({ store, server: noSession })).toBe('error');
  });

  it('lists the store products without the limited annual, annual second, and keeps that one for the offer', async () => {
    const product = (productId: string) => ({ ...MONTHLY, productId });
    const store = fakeStore({
      loadProducts: async () => [
        product('com.tagscout.app.pro.annual.limited'),
        product('com.tagscout.app.pro.monthly'),
        product('com.tagscout.app.pro.monthly.trial30'),
        product('com.tagscout.app.pro.annual'),
      ],
    });
    const { listed, special } = await loadStoreProducts(store, 'android');
    expect(listed.map((item) => item.productId)).toEqual([
      'com.tagscout.app.pro.monthly',
      'com.tagscout.app.pro.annual',
      'com.tagscout.app.pro.monthly.trial30',
    ]);
    expect(special?.productId).toBe('com.tagscout.app.pro.annual.limited');
  });
});
