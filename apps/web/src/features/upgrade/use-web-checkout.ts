import type { PlanId } from '@tagscout/core/billing';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { billingLanguage, startCheckout } from './billing-api';
import { checkoutErrorText } from './plan-text';

/** Starts the provider's hosted checkout for a plan and leaves for it; errors stay on the page. */
export function useWebCheckout() {
  const { t, i18n } = useTranslation();
  const checkout = useMutation({
    mutationFn: (plan: PlanId) => startCheckout({ plan, language: billingLanguage(i18n.resolvedLanguage) }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  // Leaving for the checkout: the chosen plan stays busy until the page has gone.
  const busyPlan = checkout.isPending || checkout.isSuccess ? (checkout.variables ?? null) : null;
  const error = checkout.isError ? checkoutErrorText(checkout.error, t) : null;

  return { busyPlan, error, choose: checkout.mutate, clearError: checkout.reset };
}
