import { api, type Body, dataOf } from '../../api/typed-client';
import type { PurchaseServer } from '../../native/purchase-flow';
import type { StoreReceipt } from '../../native/store-purchases';

/** The billing API (decision 009): web checkout, the portal, and the store checks of the apps. */

export const fetchBillingInfo = () => dataOf(api.GET('/api/billing/info'));

export const startCheckout = (body: Body<'/api/billing/checkout', 'post'>) =>
  dataOf(api.POST('/api/billing/checkout', { body }));

export const openPortal = (language: 'en' | 'pt') =>
  dataOf(api.POST('/api/billing/portal', { body: { language } }));

export const requestRestoreLink = (body: Body<'/api/billing/restore', 'post'>) =>
  dataOf(api.POST('/api/billing/restore', { body }));

export const billingInfoQuery = {
  queryKey: ['billing', 'info'] as const,
  queryFn: fetchBillingInfo,
  staleTime: 60_000,
};

/** Our server, as the mobile purchase flow needs it. */
export const purchaseServer: PurchaseServer = {
  accountToken: async () => (await dataOf(api.GET('/api/store/account-token'))).accountToken,
  verify: async (receipt: StoreReceipt) => {
    const answer =
      receipt.platform === 'ios'
        ? await dataOf(api.POST('/api/store/ios-verify', { body: { receipt: receipt.signedTransaction } }))
        : await dataOf(
            api.POST('/api/store/android-verify', {
              body: { purchaseToken: receipt.purchaseToken, productId: receipt.productId },
            }),
          );
    return answer.return.validSubscription;
  },
};

/** 'pt' when the interface is in Portuguese, else 'en' (the hosted pages' two languages). */
export function billingLanguage(language: string | undefined): 'en' | 'pt' {
  return language?.startsWith('pt') ? 'pt' : 'en';
}
