import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PLANS, type PlanId, PlanId as Plans } from '@tagscout/core/billing';
import { z } from 'zod';
import type { Database } from '../../db/connect.js';
import { inTransaction } from './billing.repository.js';
import type {
  BillingProvider,
  CheckoutRequest,
  CheckoutState,
  ProviderCustomer,
  VerifiedEvent,
} from './billing-provider.js';
import { WebhookSignatureError } from './billing-provider.js';
import {
  cancelLocalSubscriptions,
  completeLocalCheckout,
  deleteUnpaidLocalCheckouts,
  findLocalCheckout,
  findLocalCustomer,
  findLocalPortalSession,
  findUndeliveredLocalEvents,
  insertLocalCheckout,
  insertLocalCustomer,
  insertLocalEvent,
  insertLocalPortalSession,
  insertLocalSubscription,
  listLocalSubscriptions,
  markLocalEventDelivery,
} from './local-provider.repository.js';
import { isDirectLoopbackRequest } from './public-address.js';
import { LOCAL_SIGNATURE_HEADER, signPayload, verifySignedPayload } from './webhook-signature.js';

/** Where the local provider's hosted pages live (outside /api: they are the "provider's" site). */
export const LOCAL_PAGES_PREFIX = '/local-billing';

const LOCAL_ONLY_WARNING =
  'Local billing refused a request that came through a proxy (X-Forwarded-For, Forwarded or X-Real-IP) or under a name other than localhost: ' +
  'the built-in provider gives Pro away, so when chosen by default it serves only browsers on this machine. ' +
  'Behind a proxy, set PUBLIC_URL to the public address (payments are then off) and BILLING_PROVIDER=stripe to sell plans, ' +
  'or BILLING_PROVIDER=local for a demo that takes no money.';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const PERIOD_MS = { month: 30 * DAY_MS, year: 365 * DAY_MS } as const;

export interface LocalProviderOptions {
  database: Database;
  /** Signs the webhooks (LOCAL_BILLING_SECRET, or one made on first start). */
  secret: string;
  now: () => number;
  /** Sends a signed webhook to the server's endpoint; answers the HTTP status. */
  deliver: (payload: string, signature: string) => Promise<number>;
  log: { warn(object: unknown, message?: string): void };
  /**
   * Chosen by default for a server that listens on loopback (BILLING_PROVIDER unset): its checkout
   * and pages serve only requests made on this machine, straight to the server.
   */
  isLoopbackOnly: boolean;
}

const EventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(200),
  data: z.object({
    object: z.object({ id: z.string(), object: z.string(), customer: z.string().nullable().optional() }),
  }),
});

export type PayOutcome = { kind: 'paid'; redirectUrl: string } | { kind: 'invalid_email' } | { kind: 'gone' };

/**
 * The built-in provider (decision 009): hosted checkout and portal pages served by this server,
 * its own customers and subscriptions, and webhooks signed with an HMAC secret and delivered to
 * the server's webhook endpoint, exactly as a remote provider would. Paying or cancelling changes
 * only the provider's side; the account changes when the server accepts the webhook.
 */
export class LocalBillingProvider implements BillingProvider {
  readonly name = 'local' as const;
  private delivering: Promise<void> = Promise.resolve();
  private hasWarnedOfRefusal = false;

  constructor(private readonly options: LocalProviderOptions) {}

  /**
   * Whether its checkout and pages may serve this request. A same-machine proxy in front of a
   * loopback server (TRUST_PROXY left at 0) would otherwise hand free Pro to the world; the first
   * refusal says so in the log.
   */
  acceptsRequest(headers: IncomingHttpHeaders): boolean {
    if (!this.options.isLoopbackOnly || isDirectLoopbackRequest(headers)) return true;
    if (!this.hasWarnedOfRefusal) {
      this.hasWarnedOfRefusal = true;
      this.options.log.warn(LOCAL_ONLY_WARNING);
    }
    return false;
  }

  async createCheckout(request: CheckoutRequest) {
    const id = newId('cs_local');
    const now = this.options.now();
    await insertLocalCheckout(this.options.database, {
      id,
      plan: request.plan,
      customer_id: request.customerId,
      email: request.email,
      client_reference_id: request.reference,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      language: request.language,
      status: 'open',
      subscription_id: null,
      created_at: now,
      expires_at: now + HOUR_MS,
    });
    return { sessionId: id, url: `${LOCAL_PAGES_PREFIX}/checkout/${id}` };
  }

  async getCheckout(sessionId: string): Promise<CheckoutState | null> {
    const checkout = await findLocalCheckout(this.options.database, sessionId);
    if (!checkout) return null;
    return {
      isComplete: checkout.status === 'complete',
      customerId: checkout.customer_id,
      email: checkout.email,
    };
  }

  async createPortal(request: { customerId: string; returnUrl: string; language: 'en' | 'pt' }) {
    const id = newId('bps_local');
    const now = this.options.now();
    await insertLocalPortalSession(this.options.database, {
      id,
      customer_id: request.customerId,
      return_url: request.returnUrl,
      language: request.language,
      created_at: now,
      expires_at: now + HOUR_MS,
    });
    return { url: `${LOCAL_PAGES_PREFIX}/portal/${id}` };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    verifySignedPayload(this.options.secret, rawBody, headers[LOCAL_SIGNATURE_HEADER], this.options.now());
    let parsed: z.infer<typeof EventSchema>;
    try {
      parsed = EventSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw new WebhookSignatureError('the signed body is not an event');
    }
    const object = parsed.data.object;
    return {
      id: parsed.id,
      type: parsed.type,
      customerId: object.customer ?? null,
      checkoutSessionId: object.object === 'checkout.session' ? object.id : null,
    };
  }

  async fetchCustomer(customerId: string): Promise<ProviderCustomer | null> {
    const customer = await findLocalCustomer(this.options.database, customerId);
    if (!customer) return null;
    const subscriptions = await listLocalSubscriptions(this.options.database, customerId);
    return {
      customerId,
      email: customer.email,
      subscriptions: subscriptions.map((subscription) => ({
        id: subscription.id,
        status: subscription.status,
        plan: isPlanId(subscription.plan) ? subscription.plan : null,
        currentPeriodEnd: subscription.current_period_end,
        createdAt: subscription.created_at,
      })),
    };
  }

  // ---- The provider's own pages act through these ----

  async findCheckoutPage(id: string) {
    const checkout = await findLocalCheckout(this.options.database, id);
    if (!checkout || !isPlanId(checkout.plan)) return null;
    const isOpen = checkout.status === 'open' && checkout.expires_at > this.options.now();
    return { checkout, plan: PLANS[checkout.plan], isOpen };
  }

  /** "Pay": creates the customer and subscription on the provider's side and sends the webhook. */
  async pay(checkoutId: string, typedEmail: string): Promise<PayOutcome> {
    const page = await this.findCheckoutPage(checkoutId);
    if (!page) return { kind: 'gone' };
    const { checkout, plan } = page;
    if (checkout.status === 'complete') return { kind: 'paid', redirectUrl: checkout.success_url };
    if (!page.isOpen) return { kind: 'gone' };
    const email = (checkout.email ?? typedEmail).trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return { kind: 'invalid_email' };

    const now = this.options.now();
    const paid = await inTransaction(this.options.database, async (database) => {
      const customerId = checkout.customer_id ?? newId('cus_local');
      const subscriptionId = newId('sub_local');
      const isCompleted = await completeLocalCheckout(database, {
        id: checkout.id,
        customerId,
        email,
        subscriptionId,
      });
      if (!isCompleted) return false;
      if (!checkout.customer_id || !(await findLocalCustomer(database, customerId))) {
        await insertLocalCustomer(database, { id: customerId, email, created_at: now });
      }
      await insertLocalSubscription(database, {
        id: subscriptionId,
        customer_id: customerId,
        plan: plan.id,
        status: 'active',
        current_period_end: now + PERIOD_MS[plan.interval],
        created_at: now,
        updated_at: now,
      });
      await this.queueEvent(database, 'checkout.session.completed', {
        id: checkout.id,
        object: 'checkout.session',
        customer: customerId,
        subscription: subscriptionId,
        client_reference_id: checkout.client_reference_id,
        customer_details: { email },
        status: 'complete',
      });
      return true;
    });
    if (paid) await this.deliverPending();
    return { kind: 'paid', redirectUrl: checkout.success_url };
  }

  async findPortalPage(id: string) {
    const session = await findLocalPortalSession(this.options.database, id);
    if (!session || session.expires_at <= this.options.now()) return null;
    const customer = await this.fetchCustomer(session.customer_id);
    if (!customer) return null;
    return { session, customer };
  }

  /** Cancels the customer's subscriptions now and sends customer.subscription.deleted for each. */
  async cancelFromPortal(portalId: string): Promise<string | null> {
    const page = await this.findPortalPage(portalId);
    if (!page) return null;
    const now = this.options.now();
    const cancelled = await inTransaction(this.options.database, async (database) => {
      const rows = await cancelLocalSubscriptions(database, page.session.customer_id, now);
      for (const { id } of rows) {
        await this.queueEvent(database, 'customer.subscription.deleted', {
          id,
          object: 'subscription',
          customer: page.session.customer_id,
          status: 'canceled',
        });
      }
      return rows.length;
    });
    if (cancelled > 0) await this.deliverPending();
    return page.session.return_url;
  }

  /** Forgets checkouts nobody paid and portal sessions, a day after they ended. */
  async forgetEnded(): Promise<void> {
    await deleteUnpaidLocalCheckouts(this.options.database, this.options.now() - DAY_MS);
  }

  /**
   * Sends every undelivered event, oldest first, each signed at sending time; stops at the first
   * failure (the next call, or the periodic sweep, resends it). One delivery run at a time.
   */
  deliverPending(): Promise<void> {
    const run = this.delivering.then(() => this.deliverNow());
    this.delivering = run.catch(() => {});
    return run;
  }

  private async deliverNow(): Promise<void> {
    for (const event of await findUndeliveredLocalEvents(this.options.database)) {
      let status = 0;
      try {
        status = await this.options.deliver(
          event.payload,
          signPayload(this.options.secret, event.payload, this.options.now()),
        );
      } catch (error) {
        this.options.log.warn({ err: error, eventId: event.id }, 'local billing webhook delivery failed');
      }
      const isDelivered = status >= 200 && status < 300;
      await markLocalEventDelivery(this.options.database, {
        id: event.id,
        deliveredAt: isDelivered ? this.options.now() : null,
      });
      if (!isDelivered) {
        this.options.log.warn({ eventId: event.id, status }, 'local billing webhook refused; will retry');
        return;
      }
    }
  }

  private async queueEvent(database: Database, type: string, object: Record<string, unknown>) {
    const now = this.options.now();
    const id = newId('evt_local');
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: Math.floor(now / 1000),
      data: { object },
    });
    await insertLocalEvent(database, { id, type, payload, created_at: now });
  }
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

function isPlanId(value: string): value is PlanId {
  return Object.values<string>(Plans).includes(value);
}
