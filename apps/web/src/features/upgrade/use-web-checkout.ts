import type { PlanId } from '@tagscout/core/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingLanguage, startCheckout } from './billing-api';
import { checkoutErrorText } from './plan-text';

/** Starts the provider's hosted checkout for a plan and leaves for it; errors stay on the page. */
export function useWebCheckout() {
  const { t, i18n } = useTranslation();
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(plan: PlanId) {
    setBusyPlan(plan);
    setError(null);
    try {
      const { url } = await startCheckout({ plan, language: billingLanguage(i18n.resolvedLanguage) });
      window.location.assign(url);
    } catch (failure) {
      setError(checkoutErrorText(failure, t));
      setBusyPlan(null);
    }
  }

  return { busyPlan, error, choose, clearError: () => setError(null) };
}
