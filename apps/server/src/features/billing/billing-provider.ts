import type { PlanId } from '@tagscout/core/billing';

export type ProviderName = 'local' | 'stripe' | 'none';

/** A subscription as the provider reports it now. Times epoch ms. */
export interface ProviderSubscription {
  id: string;
  /** The provider's status word ('active', 'trialing', 'past_due', 'canceled', ...). */
  status: string;
  plan: PlanId | null;
  currentPeriodEnd: number | null;
  createdAt: number;
}

/** A customer and their subscriptions, newest first, fetched from the provider (never from a webhook body). */
export interface ProviderCustomer {
  customerId: string;
  email: string | null;
  subscriptions: ProviderSubscription[];
}

export interface CheckoutRequest {
  /** Our checkout reference, carried as client_reference_id. */
  reference: string;
  plan: PlanId;
  /** The customer paying again, if the user already is one. */
  customerId: string | null;
  /** The signed-in user's address (the page asks a new customer). */
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  language: 'en' | 'pt';
}

export interface CheckoutState {
  isComplete: boolean;
  customerId: string | null;
  email: string | null;
}

/** A webhook whose signature held: only ids, the state is fetched from the provider. */
export interface VerifiedEvent {
  id: string;
  type: string;
  customerId: string | null;
  /** The provider's checkout session, when the event is about one. */
  checkoutSessionId: string | null;
}

/**
 * A web billing provider (decision 009). `local` runs in this process and needs nothing;
 * `stripe` calls Stripe through its SDK. The server never grants on a redirect: only a verified
 * webhook (followed by fetchCustomer) changes what a user has.
 */
export interface BillingProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  getCheckout(sessionId: string): Promise<CheckoutState | null>;
  createPortal(request: {
    customerId: string;
    returnUrl: string;
    language: 'en' | 'pt';
  }): Promise<{ url: string }>;
  /** Throws WebhookSignatureError unless the body is signed by the provider and recent. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): VerifiedEvent;
  fetchCustomer(customerId: string): Promise<ProviderCustomer | null>;
}

export class WebhookSignatureError extends Error {}

/** The provider could not be reached or failed: nothing is granted, the caller answers 503. */
export class ProviderUnavailableError extends Error {}

/**
 * The provider refused our own credentials (a revoked, rolled or mistyped key): no retry helps
 * until the operator fixes the configuration. The message names what to fix, for the log.
 */
export class ProviderCredentialsError extends ProviderUnavailableError {}

/** An App Store transaction Apple did not sign for this app (kept apart from Apple's SDK, loaded only when configured). */
export class AppleVerificationError extends Error {}

/**
 * BILLING_PROVIDER unset at a public address (or `none`): nothing can be bought on the web. The
 * service answers checkout and portal with "payments are not set up" before reaching here.
 */
export class NoBillingProvider implements BillingProvider {
  readonly name = 'none' as const;

  async createCheckout(): Promise<never> {
    throw new ProviderUnavailableError('payments are not set up');
  }

  async getCheckout() {
    return null;
  }

  async createPortal(): Promise<never> {
    throw new ProviderUnavailableError('payments are not set up');
  }

  verifyWebhook(): never {
    throw new WebhookSignatureError('payments are not set up');
  }

  async fetchCustomer() {
    return null;
  }
}
