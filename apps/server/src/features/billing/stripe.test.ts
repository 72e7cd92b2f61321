import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, testClock } from '../../test/test-users.js';
import { countRows, locationOf, readMe } from './testing/billing-test-kit.js';
import { FakeStripe } from './testing/fake-stripe.js';

const WEBHOOK_SECRET = 'whsec_test_tagscout_webhook_secret';
// Only used to sign test events with Stripe's own helper; it never calls Stripe.
const stripe = new Stripe('sk_test_fake');

describe.each(testDialects)('web billing with Stripe on %s', (dialect) => {
  let testApp: TestApp;
  const fake = new FakeStripe();
  const clock = testClock();
  let eventNumber = 0;

  beforeAll(async () => {
    const apiUrl = await fake.start();
    testApp = await buildTestApp(dialect, {
      now: clock.now,
      // Links for payers come from here, whatever Host a request names.
      PUBLIC_URL: 'https://tagscout.example',
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: 'price_monthly',
      STRIPE_PRICE_ANNUAL: 'price_annual',
      STRIPE_PRICE_ANNUAL_SPECIAL: 'price_annual_special',
      STRIPE_API_URL: apiUrl,
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await fake.stop();
  });

  const app = () => testApp.app;

  function event(type: string, object: Record<string, unknown>, id = `evt_${dialect}_${++eventNumber}`) {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(clock.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
  }

  /** Delivers an event signed by Stripe's own test helper. */
  async function deliver(
    payload: string,
    options: { secret?: string; signedAt?: number; body?: string } = {},
  ) {
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: Math.floor((options.signedAt ?? clock.now()) / 1000),
    });
    return app().inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: options.body ?? payload,
    });
  }

  async function buy(plan = 'annual') {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const response = await app().inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: viewer.headers,
      payload: { plan },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sessionId = new URL(response.json().url).pathname.split('/').pop()!;
    const { customerId, subscriptionId } = fake.completeCheckout(sessionId, viewer.email!.toLowerCase());
    const completed = event('checkout.session.completed', fake.sessions.get(sessionId)!);
    return { viewer, sessionId, customerId, subscriptionId, completed };
  }

  it('creates a Checkout session for the plan, with our reference, the address and an idempotency key', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const response = await app().inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: viewer.headers,
      payload: { plan: 'annual', language: 'pt' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const call = fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')!;
    const reference = call.body.get('client_reference_id');
    expect(Object.fromEntries(call.body)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_annual',
      'line_items[0][quantity]': '1',
      customer_email: viewer.email!.toLowerCase(),
      locale: 'pt',
      success_url: `https://tagscout.example/api/billing/checkout/return?ref=${reference}`,
      cancel_url: 'https://tagscout.example/upgrade?checkout=cancelled',
    });
    expect(call.idempotencyKey).toBe(`checkout-${reference}`);
  });

  it("grants the plan from a webhook signed with Stripe's test helper, once", async () => {
    const { viewer, customerId, completed } = await buy();
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('trial');
    const first = await deliver(completed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const me = await readMe(app(), viewer.headers);
    expect(me.account).toMatchObject({
      group: 'CBcustomer',
      billingId: customerId,
      subscriptions: [{ status: 'active' }],
    });
    expect(me.capabilities).toMatchObject({
      isPaying: true,
      canRemoveBranding: true,
      canCopyUnlimited: true,
    });

    const rows = await countRows(app(), 'processed_events');
    const again = await deliver(completed);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await countRows(app(), 'processed_events')).toBe(rows);

    // Manage Account opens Stripe's customer portal for this customer.
    const portal = await app().inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: viewer.headers,
      payload: {},
    });
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const call = fake.requests.findLast((request) => request.path === '/v1/billing_portal/sessions')!;
    expect(call.body.get('customer')).toBe(customerId);
    expect(call.body.get('return_url')).toBe('https://tagscout.example/tags');
  });

  it('refuses a wrong secret, a changed body, and timestamps outside 300 s', async () => {
    const { viewer, completed } = await buy('monthly');
    const rows = await countRows(app(), 'processed_events');
    const refused = [
      await deliver(completed, { secret: 'whsec_someone_else' }),
      await deliver(completed, {
        body: completed.replace('"active"', '"trialing"').replace('checkout.session', 'checkout.sessionX'),
      }),
      await deliver(completed, { signedAt: clock.now() - 301_000 }),
      await deliver(completed, { signedAt: clock.now() + 301_000 }),
      await app().inject({
        method: 'POST',
        url: '/api/billing/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: completed,
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('invalid_signature');
    }
    expect(await countRows(app(), 'processed_events')).toBe(rows);
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('trial');
    expect((await deliver(completed, { signedAt: clock.now() - 299_000 })).statusCode).toBe(200);
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('CBcustomer');
  });

  it('follows the subscription Stripe reports: cancelled moves the user back, a late older event does not undo it', async () => {
    const { viewer, subscriptionId, customerId, completed } = await buy();
    await deliver(completed);
    fake.setStatus(subscriptionId, 'canceled');
    const subscription = {
      id: subscriptionId,
      object: 'subscription',
      customer: customerId,
      status: 'canceled',
    };
    expect((await deliver(event('customer.subscription.deleted', subscription))).statusCode).toBe(200);
    const lapsed = await readMe(app(), viewer.headers);
    expect(lapsed.account.subscriptions).toEqual([{ status: 'canceled' }]);
    expect(lapsed.capabilities.group).toBe('free');

    // A created/updated event that arrives late says "active" in its body: the state is re-fetched.
    const stale = { ...subscription, status: 'active' };
    await deliver(event('customer.subscription.created', stale));
    await deliver(event('customer.subscription.updated', stale));
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('free');
  });

  it('answers 503 and records nothing while Stripe is down, so its retry is applied later', async () => {
    const { viewer, completed } = await buy();
    const rows = await countRows(app(), 'processed_events');
    fake.failWith = 500;
    try {
      const down = await deliver(completed);
      expect(down.statusCode).toBe(503);
      expect(await countRows(app(), 'processed_events')).toBe(rows);
      expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('trial');
      const checkout = await app().inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: viewer.headers,
        payload: { plan: 'monthly' },
      });
      expect(checkout.statusCode).toBe(503);
    } finally {
      fake.failWith = null;
    }
    expect((await deliver(completed)).json()).toEqual({ received: true, duplicate: false });
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('CBcustomer');
  });

  it('sends a buyer who was signed out to account setup with the address and customer Stripe holds', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { origin: 'http://localhost:80' },
      payload: { plan: 'monthly' },
    });
    const sessionId = new URL(response.json().url).pathname.split('/').pop()!;
    const call = fake.requests.findLast((request) => request.path === '/v1/checkout/sessions')!;
    const reference = call.body.get('client_reference_id');
    expect(call.body.has('customer_email')).toBe(false);

    const open = await app().inject({ method: 'GET', url: `/api/billing/checkout/return?ref=${reference}` });
    expect(locationOf(open)).toBe('/upgrade?checkout=cancelled');
    fake.completeCheckout(sessionId, `stripe-new-${dialect}@example.com`);
    const done = await app().inject({ method: 'GET', url: `/api/billing/checkout/return?ref=${reference}` });
    expect(done.statusCode).toBe(303);
    expect(locationOf(done)).toBe(`/newaccount?email=stripe-new-${dialect}%40example.com`);
  });
});

describe('a secret key Stripe refuses', () => {
  let testApp: TestApp;
  const fake = new FakeStripe();
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp(
      'sqlite',
      {
        LOG_LEVEL: 'info',
        PUBLIC_URL: 'https://tagscout.example',
        BILLING_PROVIDER: 'stripe',
        // Revoked, rolled or mistyped: Stripe answers 401 to every call.
        STRIPE_SECRET_KEY: 'sk_test_revoked',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_MONTHLY: 'price_monthly',
        STRIPE_PRICE_ANNUAL: 'price_annual',
        STRIPE_PRICE_ANNUAL_SPECIAL: 'price_annual_special',
        STRIPE_API_URL: await fake.start(),
      },
      { logStream: { write: (line) => lines.push(JSON.parse(line) as { level: number; msg: string }) } },
    );
  });
  afterAll(async () => {
    await testApp?.close();
    await fake.stop();
  });

  it('tells the buyer payments are not available, and the operator which variable to fix, in one line', async () => {
    const { app } = testApp;
    const viewer = await createTestViewer(app, 'emailTrial');
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: viewer.headers,
      payload: { plan: 'monthly' },
    });
    expect(fake.requests.at(-1)?.path).toBe('/v1/checkout/sessions');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'billing_unavailable', message: 'Payments are not available right now.' },
    });
    const noticed = lines.filter((line) => line.level >= 40);
    expect(noticed).toHaveLength(1);
    expect(noticed[0]!.level).toBe(50);
    expect(noticed[0]!.msg).toMatch(/Stripe refused STRIPE_SECRET_KEY/);
  });

  it("answers Stripe's webhook 503, so Stripe sends it again once the key is fixed", async () => {
    const payload = JSON.stringify({
      id: 'evt_revoked_key',
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_1', status: 'active' } },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
    expect(response.statusCode).toBe(503);
    expect(await countRows(testApp.app, 'processed_events')).toBe(0);
  });
});
