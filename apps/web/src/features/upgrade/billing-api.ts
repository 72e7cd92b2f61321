import type {
  AccountTokenResponse,
  BillingInfoResponse,
  CheckoutBody,
  RedirectUrlResponse,
  RestorePurchaseBody,
  RestorePurchaseResponse,
  StoreVerifyResponse,
} from '@tagscout/core/api';
import { apiGet, apiSend } from '../../api/client';
import type { PurchaseServer } from '../../native/purchase-flow';
import type { StoreReceipt } from '../../native/store-purchases';

/** The billing API (decision 009): web checkout, the portal, and the store checks of the apps. */

export const fetchBillingInfo = () => apiGet<BillingInfoResponse>('/billing/info');

export const startCheckout = (body: CheckoutBody) =>
  apiSend<RedirectUrlResponse>('POST', '/billing/checkout', body);

export const openPortal = (language: 'en' | 'pt') =>
  apiSend<RedirectUrlResponse>('POST', '/billing/portal', { language });

export const requestRestoreLink = (body: RestorePurchaseBody) =>
  apiSend<RestorePurchaseResponse>('POST', '/billing/restore', body);

export const billingInfoQuery = {
  queryKey: ['billing', 'info'] as const,
  queryFn: fetchBillingInfo,
  staleTime: 60_000,
};

/** Our server, as the mobile purchase flow needs it. */
export const purchaseServer: PurchaseServer = {
  accountToken: async () => (await apiGet<AccountTokenResponse>('/store/account-token')).accountToken,
  verify: async (receipt: StoreReceipt) => {
    const answer =
      receipt.platform === 'ios'
        ? await apiSend<StoreVerifyResponse>('POST', '/store/ios-verify', {
            receipt: receipt.signedTransaction,
          })
        : await apiSend<StoreVerifyResponse>('POST', '/store/android-verify', {
            purchaseToken: receipt.purchaseToken,
            productId: receipt.productId,
          });
    return answer.return.validSubscription;
  },
};

/** 'pt' when the interface is in Portuguese, else 'en' (the hosted pages' two languages). */
export function billingLanguage(language: string | undefined): 'en' | 'pt' {
  return language?.startsWith('pt') ? 'pt' : 'en';
}
