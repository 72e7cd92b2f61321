import type { AccountState } from './account-state.js';

// Status names of the billing providers we support (Chargebee spells "cancelled", Stripe "canceled").
const ACTIVE = new Set(['active', 'in_trial', 'trialing', 'non_renewing']);
const CANCELLED = new Set(['cancelled', 'canceled']);

/** Whether any web subscription is currently paid for (or in the provider's own trial). */
export function hasActiveSubscription(state: Pick<AccountState, 'subscriptions'>): boolean {
  return state.subscriptions.some((subscription) => ACTIVE.has(subscription.status.toLowerCase()));
}

/**
 * A signed-in web customer whose first subscription is cancelled, with no active one: we treat
 * them as not logged in and shows the expired-subscription notice. The "no active one" part keeps
 * a customer who subscribed again from being locked out by the old subscription listed first.
 */
export function hasLapsedSubscription(state: AccountState): boolean {
  const first = state.subscriptions[0];
  return (
    state.isSignedIn &&
    hasBillingId(state) &&
    first !== undefined &&
    CANCELLED.has(first.status.toLowerCase()) &&
    !hasActiveSubscription(state)
  );
}

export function hasBillingId(state: Pick<AccountState, 'billingId'>): boolean {
  return typeof state.billingId === 'string' && state.billingId.trim() !== '';
}
