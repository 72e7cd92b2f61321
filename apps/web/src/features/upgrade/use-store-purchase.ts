import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StorePlatform } from '../../native/native-platform';
import { loadStoreProducts, purchaseWithStore, restoreWithStore } from '../../native/purchase-flow';
import type { StoreProduct, StorePurchases } from '../../native/store-purchases';
import { landingPath, useSession } from '../../shell/session-store';
import { refreshSession } from '../account/session-sync';
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
  const [isBusy, setIsBusy] = useState(false);
  const [alert, setAlert] = useState<PendingAlert | null>(null);
  const searchRoute = () => landingPath(useSession.getState());

  async function subscribe(product: StoreProduct) {
    setIsBusy(true);
    const outcome = await purchaseWithStore({ store, server: purchaseServer }, product);
    if (outcome === 'valid') await refreshSession().catch(() => {});
    setIsBusy(false);
    if (outcome === 'valid') return navigate('/tags');
    if (outcome === 'invalid') return setAlert({ message: t('purchase.invalid'), next: searchRoute() });
    if (outcome === 'error') return setAlert({ message: t('purchase.error'), next: searchRoute() });
    if (outcome === 'retry') return setAlert({ message: t('purchase.retry'), next: null });
    if (outcome === 'signInRequired') return setAlert({ message: t('purchase.signInFirst'), next: '/login' });
  }

  async function restore() {
    setIsBusy(true);
    const outcome = await restoreWithStore({ store, server: purchaseServer });
    if (outcome === 'valid') await refreshSession().catch(() => {});
    setIsBusy(false);
    if (outcome === 'valid') return navigate('/tags');
    if (outcome === 'retry') return setAlert({ message: t('purchase.retry'), next: null });
    const key = platform === 'android' ? 'purchase.noSubscriptionAndroid' : 'purchase.noSubscription';
    setAlert({ message: t(key), next: '/login' });
  }

  function closeAlert() {
    const next = alert?.next;
    setAlert(null);
    if (next) navigate(next);
  }

  return { products, isBusy, alert: alert?.message ?? null, subscribe, restore, closeAlert };
}
