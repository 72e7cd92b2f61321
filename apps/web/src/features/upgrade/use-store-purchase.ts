import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StorePlatform } from '../../native/native-platform';
import {
  loadStoreProducts,
  type PurchaseOutcome,
  purchaseWithStore,
  restoreWithStore,
} from '../../native/purchase-flow';
import type { StoreProduct, StorePurchases } from '../../native/store-purchases';
import { landingPath, useSession } from '../../shell/session-store';
import { refreshMe } from '../account/queries';
import { purchaseServer } from './billing-api';

interface PendingAlert {
  message: string;
  /** Where the flow goes once the alert is closed; null to stay. */
  next: string | null;
}

/**
 * The apps' purchase flow on the plans screen (docs/product-rules.md#plans-and-purchases): the store's products, a
 * subscribe that shows a spinner until the server has validated the receipt, restore, and the
 * alerts with where each outcome leads.
 */
export function useStorePurchase(platform: StorePlatform, store: StorePurchases) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useQuery({
    queryKey: ['store', 'products', platform],
    queryFn: () => loadStoreProducts(store, platform),
    retry: false,
    staleTime: 10 * 60_000,
  });
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<PendingAlert | null>(null);
  const searchRoute = () => landingPath(useSession.getState());
  // A valid purchase changed the account: the session has the new one before the search opens.
  const refreshIfValid = async (outcome: PurchaseOutcome) => {
    if (outcome === 'valid') await refreshMe(queryClient).catch(() => {});
  };
  const subscription = useMutation({
    mutationFn: (product: StoreProduct) => purchaseWithStore({ store, server: purchaseServer }, product),
    onSuccess: refreshIfValid,
  });
  const restoring = useMutation({
    mutationFn: () => restoreWithStore({ store, server: purchaseServer }),
    onSuccess: refreshIfValid,
  });

  const subscribe = (product: StoreProduct) =>
    subscription.mutate(product, {
      onSuccess: (outcome) => {
        if (outcome === 'valid') return navigate('/tags');
        if (outcome === 'invalid') return setAlert({ message: t('purchase.invalid'), next: searchRoute() });
        if (outcome === 'error') return setAlert({ message: t('purchase.error'), next: searchRoute() });
        if (outcome === 'retry') return setAlert({ message: t('purchase.retry'), next: null });
        if (outcome === 'signInRequired') {
          return setAlert({ message: t('purchase.signInFirst'), next: '/login' });
        }
      },
    });

  const restore = () =>
    restoring.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome === 'valid') return navigate('/tags');
        if (outcome === 'retry') return setAlert({ message: t('purchase.retry'), next: null });
        const key = platform === 'android' ? 'purchase.noSubscriptionAndroid' : 'purchase.noSubscription';
        setAlert({ message: t(key), next: '/login' });
      },
    });

  function closeAlert() {
    const next = alert?.next;
    setAlert(null);
    if (next) navigate(next);
  }

  const isBusy = subscription.isPending || restoring.isPending;
  return { products, isBusy, alert: alert?.message ?? null, subscribe, restore, closeAlert };
}
