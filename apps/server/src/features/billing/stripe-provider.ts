import type { PlanId } from '@tagscout/core/billing';
import Stripe from 'stripe';
import {
  type BillingProvider,
  type CheckoutRequest,
  type CheckoutState,
  ProviderCredentialsError,
  type ProviderCustomer,
  ProviderUnavailableError,
  type VerifiedEvent,
  WebhookSignatureError,
} from './billing-provider.js';
import { SIGNATURE_TOLERANCE_SECONDS } from './webhook-signature.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price id per plan. */
  prices: Record<PlanId, string>;
  /** Another API host (a local fake in tests); Stripe's own when absent. */
  apiUrl?: string | undefined;
  now: () => number;
}

/**
 * Stripe through its official SDK: Checkout sessions, the customer portal, webhooks verified with
 * constructEvent (raw body, 300 s tolerance) and subscriptions re-fetched for state. Calls carry a
 * 5 s timeout, at most 2 retries and, where Stripe supports it, an idempotency key.
 */
export class StripeBillingProvider implements BillingProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      timeout: 5000,
      maxNetworkRetries: 2,
      telemetry: false,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createCheckout(request: CheckoutRequest) {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: this.options.prices[request.plan], quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.reference,
          locale: request.language,
          metadata: { reference: request.reference, plan: request.plan },
          ...(request.customerId
            ? { customer: request.customerId }
            : request.email
              ? { customer_email: request.email }
              : {}),
        },
        { idempotencyKey: `checkout-${request.reference}` },
      ),
    );
    if (!session.url) throw new ProviderUnavailableError('Stripe answered a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  async getCheckout(sessionId: string): Promise<CheckoutState | null> {
    const session = await this.call(() => this.stripe.checkout.sessions.retrieve(sessionId));
    return {
      isComplete: session.status === 'complete',
      customerId: idOf(session.customer),
      email: session.customer_details?.email ?? session.customer_email ?? null,
    };
  }

  async createPortal(request: { customerId: string; returnUrl: string; language: 'en' | 'pt' }) {
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({
        customer: request.customerId,
        return_url: request.returnUrl,
        locale: request.language,
      }),
    );
    return { url: session.url };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string') throw new WebhookSignatureError('no Stripe-Signature header');
    const now = this.options.now();
    // constructEvent refuses old timestamps only; a timestamp far in the future is refused here.
    const timestamp = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
    if (!(timestamp <= Math.floor(now / 1000) + SIGNATURE_TOLERANCE_SECONDS)) {
      throw new WebhookSignatureError('timestamp outside the tolerance');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        header,
        this.options.webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        now,
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
    }
    const object = event.data.object as { id?: string; object?: string; customer?: unknown };
    const customerId = object.object === 'customer' ? (object.id ?? null) : idOf(object.customer);
    return {
      id: event.id,
      type: event.type,
      customerId,
      checkoutSessionId: object.object === 'checkout.session' ? (object.id ?? null) : null,
    };
  }

  async fetchCustomer(customerId: string): Promise<ProviderCustomer | null> {
    const customer = await this.call(() => this.stripe.customers.retrieve(customerId)).catch(
      (error: unknown) => {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        throw error;
      },
    );
    if (!customer || ('deleted' in customer && customer.deleted)) return null;
    const list = await this.call(() =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }),
    );
    const planOfPrice = new Map(
      Object.entries(this.options.prices).map(([plan, price]) => [price, plan as PlanId]),
    );
    const subscriptions = list.data
      .map((subscription) => {
        const item = subscription.items.data[0];
        return {
          id: subscription.id,
          status: subscription.status,
          plan: (item && planOfPrice.get(item.price.id)) ?? null,
          currentPeriodEnd: item?.current_period_end ? item.current_period_end * 1000 : null,
          createdAt: subscription.created * 1000,
        };
      })
      .sort((a, b) => b.createdAt - a.createdAt);
    return { customerId, email: 'email' in customer ? (customer.email ?? null) : null, subscriptions };
  }

  /**
   * Stripe's connection and server errors become ProviderUnavailableError (fail closed, 503), and
   * a key it refuses ProviderCredentialsError: a buyer must never read Stripe's "401" as theirs.
   */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeError &&
        (error.statusCode === 401 || error.statusCode === 403)
      ) {
        throw new ProviderCredentialsError(
          `Stripe refused STRIPE_SECRET_KEY (HTTP ${error.statusCode}: ${error.message}); set a secret key of the Stripe account with write access to Checkout, the customer portal, customers and subscriptions`,
        );
      }
      if (
        error instanceof Stripe.errors.StripeError &&
        error.statusCode !== undefined &&
        error.statusCode < 500
      ) {
        throw error;
      }
      throw new ProviderUnavailableError(error instanceof Error ? error.message : 'Stripe is unavailable');
    }
  }
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return null;
}
