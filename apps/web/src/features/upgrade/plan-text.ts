import {
  annualSavingsPercent,
  formatUsd,
  monthlyEquivalentUsd,
  PLANS,
  type PlanId,
} from '@tagscout/core/billing';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';

/** Title, period and detail line of a plan card, in the interface language. */
export function planText(plan: PlanId, t: TFunction) {
  const definition = PLANS[plan];
  const isYearly = definition.interval === 'year';
  return {
    title: t(`plans.${plan}.title`),
    period: t(isYearly ? 'plans.perYear' : 'plans.perMonth'),
    detail:
      plan === 'annual'
        ? t('plans.annual.detail', {
            perMonth: formatUsd(monthlyEquivalentUsd(definition), t('common.locale')),
            percent: annualSavingsPercent(),
          })
        : t(`plans.${plan}.detail`),
    action: t(`plans.${plan}.action`),
  };
}

/** What to tell the visitor when a checkout could not start. */
export function checkoutErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('plans.errors.checkout');
  if (error.code === 'already_subscribed') return t('plans.errors.alreadySubscribed');
  if (error.code === 'special_offer_closed') return t('plans.errors.offerClosed');
  if (error.code === 'billing_not_configured') return t('plans.errors.notSetUp');
  if (error.code === 'network') return t('plans.errors.network');
  if (error.status === 503) return t('plans.errors.unavailable');
  return t('plans.errors.checkout');
}
