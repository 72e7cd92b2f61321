import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { cookieHeader, createTestViewer, emailsTo, latestCode, testClock } from '../../test/test-users.js';
import { sweepBilling } from './billing.startup.js';
import { LocalBillingProvider } from './local-provider.js';
import { chooseBillingProvider, returnAddressFor } from './public-address.js';
import { countRows, locationOf, readMe, submitForm } from './testing/billing-test-kit.js';
import { LOCAL_SIGNATURE_HEADER, signPayload } from './webhook-signature.js';

const DAY_MS = 86_400_000;
const PASSWORD = 'Harbor-Violet-58q!';
const ADMIN_MARKER = 'cus_local_admin_marker';

describe.each(testDialects)('web billing with the local provider on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  let secret: string;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, {
      now: clock.now,
      // A developer's machine: the local provider is chosen only for a server on a loopback address.
      HOST: 'localhost',
      EXPOSE_OUTBOX: true,
      ADMIN_BILLING_MARKER: ADMIN_MARKER,
    });
    const row = await testApp.app.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'local_billing_webhook_secret')
      .executeTakeFirstOrThrow();
    secret = row.value;
  });
  afterAll(async () => testApp?.close());

  const app = () => testApp.app;

  async function checkout(headers: Record<string, string>, plan = 'annual') {
    const response = await app().inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers,
      payload: { plan },
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL((response.json() as { url: string }).url);
    return url.pathname;
  }

  /** Cancels the viewer's subscription in the local provider's portal (its webhook follows). */
  async function cancelInPortal(headers: Record<string, string>) {
    const portal = await app().inject({ method: 'POST', url: '/api/billing/portal', headers, payload: {} });
    expect(portal.statusCode, portal.body).toBe(200);
    const portalPath = new URL((portal.json() as { url: string }).url).pathname;
    return submitForm(app(), `${portalPath}/cancel`);
  }

  /** A webhook signed with the provider's secret (what only the provider can make). */
  async function deliver(payload: string, signedAt = clock.now(), key = secret) {
    return app().inject({
      method: 'POST',
      url: '/api/billing/webhooks/local',
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signPayload(key, payload, signedAt),
      },
      payload,
    });
  }

  async function deliveredPayloads() {
    return app()
      .database.db.selectFrom('local_billing_events')
      .select(['payload', 'type'])
      .orderBy('created_at')
      .execute();
  }

  it('makes the webhook secret on first start and keeps it in the settings table', () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('turns a trial user into a paying customer only through the signed webhook that "pay" sends', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const page = await checkout(viewer.headers);
    expect(page).toMatch(/^\/local-billing\/checkout\/cs_local_/);

    const html = await app().inject({ method: 'GET', url: page });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('$39.99');
    expect(html.body).toContain(`value="${viewer.email!.toLowerCase()}" readonly`);

    // Nothing was paid: the return lands back on the plans page, and nothing changed.
    const ref = await app()
      .database.db.selectFrom('checkout_sessions')
      .select('id')
      .where('user_id', '=', viewer.userId)
      .executeTakeFirstOrThrow();
    const early = await app().inject({ method: 'GET', url: `/api/billing/checkout/return?ref=${ref.id}` });
    expect(locationOf(early)).toBe('/upgrade?checkout=cancelled');
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('trial');

    const paid = await submitForm(app(), `${page}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(locationOf(paid)).toBe(`/api/billing/checkout/return?ref=${ref.id}`);

    const me = await readMe(app(), viewer.headers);
    expect(me.account.group).toBe('CBcustomer');
    expect(me.account.subscriptions).toEqual([{ status: 'active' }]);
    expect(me.capabilities).toMatchObject({
      group: 'CBcustomer',
      canUseCollections: true,
      canRemoveBranding: true,
      canCopyUnlimited: true,
      canManageAccount: true,
    });
    const back = await app().inject({ method: 'GET', url: locationOf(paid), headers: viewer.headers });
    expect(locationOf(back)).toBe('/upgrade?checkout=success');

    // Paying twice is refused; a second "pay" of the same checkout changes nothing.
    const again = await app().inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: viewer.headers,
      payload: { plan: 'monthly' },
    });
    expect(again.json()).toMatchObject({ error: { code: 'already_subscribed' } });
    const events = await countRows(app(), 'local_billing_events');
    expect((await submitForm(app(), `${page}/pay`)).statusCode).toBe(303);
    expect(await countRows(app(), 'local_billing_events')).toBe(events);
  });

  it('grants nothing on the checkout return: only the webhook, delivered later, does', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const page = await checkout(viewer.headers, 'monthly');
    // The provider takes the payment but cannot reach the server.
    const offline = new LocalBillingProvider({
      database: app().database,
      secret,
      now: clock.now,
      deliver: async () => 503,
      log: { warn: () => {} },
      isLoopbackOnly: true,
    });
    const paid = await offline.pay(page.split('/').pop()!, 'ignored@example.com');
    expect(paid.kind).toBe('paid');
    const back = await app().inject({
      method: 'GET',
      url: (paid as { redirectUrl: string }).redirectUrl,
      headers: viewer.headers,
    });
    expect(locationOf(back)).toBe('/upgrade?checkout=success');
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('trial');

    // The provider retries: now the account changes.
    await app().billing.local!.deliverPending();
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('CBcustomer');
  });

  it('refuses forged, tampered, unsigned and stale webhooks, and they change nothing', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    await checkout(viewer.headers);
    const before = await countRows(app(), 'processed_events');
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', object: 'checkout.session', customer: 'cus_local_forged' } },
    });
    const unsigned = await app().inject({
      method: 'POST',
      url: '/api/billing/webhooks/local',
      headers: { 'content-type': 'application/json' },
      payload: forged,
    });
    const wrongKey = await deliver(forged, clock.now(), 'not-the-secret-but-long-enough-to-look-real');
    const tampered = await app().inject({
      method: 'POST',
      url: '/api/billing/webhooks/local',
      headers: {
        'content-type': 'application/json',
        [LOCAL_SIGNATURE_HEADER]: signPayload(secret, forged, clock.now()),
      },
      payload: forged.replace('cus_local_forged', 'cus_local_other'),
    });
    const stale = await deliver(forged, clock.now() - 301_000);
    const early = await deliver(forged, clock.now() + 301_000);
    for (const response of [unsigned, wrongKey, tampered, stale, early]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    }
    expect(await countRows(app(), 'processed_events')).toBe(before);
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('trial');

    // Within the 300 s tolerance either way it is accepted (here: an event about no one).
    const old = await deliver(forged.replace('evt_forged', 'evt_forged_299'), clock.now() - 299_000);
    expect(old.statusCode).toBe(200);
  });

  it('answers a replayed event as a duplicate and changes nothing, even after the customer cancelled', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const page = await checkout(viewer.headers);
    await submitForm(app(), `${page}/pay`);
    const completed = (await deliveredPayloads()).at(-1)!;
    expect(completed.type).toBe('checkout.session.completed');
    const before = await countRows(app(), 'processed_events');

    const replay = await deliver(completed.payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await countRows(app(), 'processed_events')).toBe(before);

    // The same new event delivered five times at once is applied once.
    const fresh = JSON.stringify({ ...JSON.parse(completed.payload), id: `evt_concurrent_${dialect}` });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(fresh)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => !answer.json().duplicate)).toHaveLength(1);
    expect(await countRows(app(), 'processed_events')).toBe(before + 1);

    // Cancel in the portal, then replay the purchase: still cancelled (no resurrection).
    await cancelInPortal(viewer.headers);
    expect((await deliver(completed.payload)).json()).toEqual({ received: true, duplicate: true });
    const me = await readMe(app(), viewer.headers);
    expect(me.account.subscriptions).toEqual([{ status: 'canceled' }]);
    expect(me.capabilities.group).toBe('free');
  });

  it("ends in the provider's state whatever the order and repetition of its events", async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const page = await checkout(viewer.headers);
    await submitForm(app(), `${page}/pay`);
    await cancelInPortal(viewer.headers);
    const [created, deleted] = (await deliveredPayloads())
      .slice(-2)
      .map((event) => JSON.parse(event.payload));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(created, deleted), { minLength: 1, maxLength: 5 }),
        async (events) => {
          run += 1;
          // Fresh ids per run: each run is the provider sending these events for the first time.
          for (const event of events) await deliver(JSON.stringify({ ...event, id: `${event.id}_${run}` }));
          const me = await readMe(app(), viewer.headers);
          expect(me.account.subscriptions).toEqual([{ status: 'canceled' }]);
          expect(me.capabilities.group).toBe('free');
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 20) },
    );
  });

  it('emails a buyer who paid signed out the set-up link once, and a plain later sign-up with that address takes the plan', async () => {
    const email = `new-${dialect}@example.com`;
    const page = await checkout({ origin: 'http://localhost:80' });
    const form = await app().inject({ method: 'GET', url: page });
    expect(form.body).toContain('name="email" type="email" autocomplete="email" required');
    const invalid = await submitForm(app(), `${page}/pay`, { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    const paid = await submitForm(app(), `${page}/pay`, { email });
    const back = await app().inject({ method: 'GET', url: locationOf(paid) });
    const setupPath = `/newaccount?email=${encodeURIComponent(email)}`;
    expect(locationOf(back)).toBe(setupPath);

    // The buyer closes the tab: the same link is in their mailbox, once, however often the
    // provider repeats its events.
    for (const event of (await deliveredPayloads()).slice(-2)) {
      const payload = JSON.parse(event.payload) as { id: string };
      await deliver(JSON.stringify({ ...payload, id: `${payload.id}_again` }));
    }
    const mails = await emailsTo(app(), email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Tagscout Pro purchase: set up your account');
    expect(mails[0]!.body_text).toContain(`http://localhost:8080${setupPath}`);

    // Another address gets nothing; a plain sign-up with the paying address, no link needed,
    // takes the plan in the answer of account setup itself (what the app shows next).
    const other = await signUp(`other-${dialect}@example.com`);
    expect(other.me.capabilities.group).toBe('free');
    const owner = await signUp(email);
    expect(owner.me.capabilities.group).toBe('CBcustomer');
    const me = await readMe(app(), owner.headers);
    expect(me.account).toMatchObject({ group: 'CBcustomer', subscriptions: [{ status: 'active' }] });
    expect(me.account.billingId).toMatch(/^cus_local_/);
    expect(me.capabilities.isPaying).toBe(true);
    expect((await readMe(app(), other.headers)).capabilities.group).toBe('free');
    expect(await emailsTo(app(), email)).toHaveLength(2); // the link and the code, nothing more
  });

  it('restores a web purchase by email: set-up link, or sign-in and portal links; the same answer for anyone', async () => {
    const restore = (email: string) =>
      app().inject({
        method: 'POST',
        url: '/api/billing/restore',
        headers: { origin: 'http://localhost:80' },
        payload: { email: email.toUpperCase() },
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
    // A customer with an account: the sign-in link and a portal link that opens their portal.
    const viewer = await createTestViewer(app(), 'emailTrial');
    await submitForm(app(), `${await checkout(viewer.headers, 'monthly')}/pay`);
    const answer = await restore(viewer.email!);
    expect(answer.statusCode, answer.body).toBe(202);
    const [mail] = await emailsTo(app(), viewer.email!);
    expect(mail!.subject).toBe('Your Tagscout Pro purchase');
    expect(mail!.body_text).toContain(
      `http://localhost:8080/login?email=${encodeURIComponent(viewer.email!.toLowerCase())}`,
    );
    const portal = /http:\/\/localhost:8080(\/local-billing\/portal\/\S+)/.exec(mail!.body_text)![1]!;
    expect((await app().inject({ method: 'GET', url: portal })).body).toContain('Your subscription');
    // Asked again at once: no second mail; an address that bought nothing gets none, and the same answer.
    expect((await restore(viewer.email!)).statusCode).toBe(202);
    expect(await emailsTo(app(), viewer.email!)).toHaveLength(1);
    const stranger = await restore(`nobody-${dialect}@example.com`);
    expect(stranger.json()).toEqual(answer.json());
    expect(await emailsTo(app(), `nobody-${dialect}@example.com`)).toHaveLength(0);

    // A buyer without an account (their set-up link was mailed at payment): again after 10 minutes.
    const buyer = `restore-${dialect}@example.com`;
    await submitForm(app(), `${await checkout({ origin: 'http://localhost:80' })}/pay`, { email: buyer });
    expect(await emailsTo(app(), buyer)).toHaveLength(1);
    await restore(buyer);
    expect(await emailsTo(app(), buyer)).toHaveLength(1);
    clock.advance(11 * 60_000);
    try {
      await restore(buyer);
      const mails = await emailsTo(app(), buyer);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.body_text).toContain(`/newaccount?email=${encodeURIComponent(buyer)}`);
    } finally {
      clock.advance(-11 * 60_000);
    }
  });

  it('takes a billing id only from the provider: a sign-up carrying one (the admin marker) is refused', async () => {
    const origin = { origin: 'http://localhost:80' };
    const email = `marker-${dialect}@example.com`;
    const created = await app().inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: origin,
      payload: { email, password: PASSWORD, passwordConfirm: PASSWORD, cbid: ADMIN_MARKER },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(await emailsTo(app(), email)).toHaveLength(0);
    // Without it the account is an ordinary one, with no billing id.
    const plain = await signUp(email);
    expect(plain.me.capabilities.group).toBe('free');
    expect((await readMe(app(), plain.headers)).account.billingId).toBeNull();
  });

  it('sends the browser back to the loopback address it came from: 127.0.0.1 and localhost hold different cookies', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const headers = { ...viewer.headers, host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' };
    const started = await app().inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers,
      payload: { plan: 'monthly' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const url = new URL((started.json() as { url: string }).url);
    expect(url.origin).toBe('http://127.0.0.1:8080');
    const form = await app().inject({ method: 'GET', url: url.pathname });
    expect(form.body).toContain('href="http://127.0.0.1:8080/upgrade?checkout=cancelled"');
    const paid = await submitForm(app(), `${url.pathname}/pay`);
    expect(paid.headers.location).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/api\/billing\/checkout\/return\?ref=/,
    );
    const portal = await app().inject({ method: 'POST', url: '/api/billing/portal', headers, payload: {} });
    expect(new URL((portal.json() as { url: string }).url).origin).toBe('http://127.0.0.1:8080');
    const portalPage = await app().inject({ method: 'GET', url: new URL(portal.json().url).pathname });
    expect(portalPage.body).toContain('http://127.0.0.1:8080/tags');
  });

  async function signUp(email: string) {
    const origin = { origin: 'http://localhost:80' };
    const created = await app().inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: origin,
      payload: { email, password: PASSWORD, passwordConfirm: PASSWORD },
    });
    expect(created.statusCode, created.body).toBe(202);
    const verified = await app().inject({
      method: 'POST',
      url: '/api/account/verify-email',
      headers: origin,
      payload: { email, code: await latestCode(app(), email) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return {
      headers: { ...origin, cookie: cookieHeader(verified.headers['set-cookie']) },
      me: verified.json() as { capabilities: { group: string } },
    };
  }

  it('cancels in the portal: back to free, with the lapsed subscription the notice is about', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const page = await checkout(viewer.headers, 'monthly');
    await submitForm(app(), `${page}/pay`);
    const portal = await app().inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: viewer.headers,
      payload: { language: 'pt' },
    });
    expect(portal.statusCode, portal.body).toBe(200);
    const portalPath = new URL((portal.json() as { url: string }).url).pathname;
    const html = await app().inject({ method: 'GET', url: portalPath });
    expect(html.body).toContain('Sua assinatura');
    expect(html.body).toContain('Cancelar assinatura');

    const crossSite = await submitForm(app(), `${portalPath}/cancel`, {}, 'https://evil.example');
    expect(crossSite.statusCode).toBe(403);
    expect((await readMe(app(), viewer.headers)).capabilities.group).toBe('CBcustomer');

    const cancelled = await submitForm(app(), `${portalPath}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(locationOf(cancelled)).toBe('/tags');
    const me = await readMe(app(), viewer.headers);
    expect(me.account).toMatchObject({ group: 'CBcustomer', subscriptions: [{ status: 'canceled' }] });
    // Signed in, so Logout and not Login; the portal stays open to them (invoices, subscribing again).
    expect(me.capabilities).toMatchObject({
      group: 'free',
      canLogin: false,
      canLogout: true,
      canManageAccount: true,
      isPaying: false,
    });
    const back = await app().inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: viewer.headers,
      payload: {},
    });
    expect(back.statusCode, back.body).toBe(200);

    // The portal only opens for the customer's own account.
    const stranger = await createTestViewer(app(), 'paying');
    const refused = await app().inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: stranger.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(404);
  });

  it('gives a customer whose subscription lapsed the purchase their address made signed out meanwhile', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    await submitForm(app(), `${await checkout(viewer.headers, 'monthly')}/pay`);
    const first = (await readMe(app(), viewer.headers)).account.billingId;

    // Paid again from a signed-out browser with the same address: a customer no account has yet.
    clock.advance(60_000);
    const signedOut = await checkout({ origin: 'http://localhost:80' });
    await submitForm(app(), `${signedOut}/pay`, { email: viewer.email!.toLowerCase() });

    // The first subscription is cancelled after that, so its customer is the newest with the address.
    clock.advance(60_000);
    expect((await cancelInPortal(viewer.headers)).statusCode).toBe(303);

    const me = await readMe(app(), viewer.headers);
    expect(me.capabilities.isPaying).toBe(true);
    expect(me.account.subscriptions).toEqual([{ status: 'active' }]);
    expect(me.account.billingId).toMatch(/^cus_local_/);
    expect(me.account.billingId).not.toBe(first);
  });

  it('sells the special price only in the 3 days after the trial ended (server clock)', async () => {
    const info = async (headers: Record<string, string>) =>
      (await app().inject({ method: 'GET', url: '/api/billing/info', headers })).json();
    const special = (headers: Record<string, string>) =>
      app().inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers,
        payload: { plan: 'annualSpecial' },
      });
    const inTrial = await createTestViewer(app(), 'emailTrial');
    expect(await info(inTrial.headers)).toEqual({ provider: 'local', isSpecialOfferOpen: false });
    expect((await special(inTrial.headers)).json()).toMatchObject({
      error: { code: 'special_offer_closed' },
    });
    expect((await special({ origin: 'http://localhost:80' })).statusCode).toBe(403);

    const ended = await createTestViewer(app(), 'expiredTrial');
    expect((await info(ended.headers)).isSpecialOfferOpen).toBe(true);
    const opened = await special(ended.headers);
    expect(opened.statusCode).toBe(200);
    const html = await app().inject({ method: 'GET', url: new URL(opened.json().url).pathname });
    expect(html.body).toContain('$19.99');
    expect(html.body).toContain('<s class="was">$29.99</s>');
    // In Portuguese the page and its Pay button write the price the Brazilian way.
    const inPortuguese = await app().inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: ended.headers,
      payload: { plan: 'annualSpecial', language: 'pt' },
    });
    const ptHtml = await app().inject({ method: 'GET', url: new URL(inPortuguese.json().url).pathname });
    expect(ptHtml.body).toContain('<s class="was">US$\u00a029,99</s>');
    expect(ptHtml.body).toContain('>Pagar US$\u00a019,99</button>');

    clock.advance(3 * DAY_MS);
    try {
      expect((await info(ended.headers)).isSpecialOfferOpen).toBe(false);
      expect((await special(ended.headers)).json()).toMatchObject({
        error: { code: 'special_offer_closed' },
      });
    } finally {
      clock.advance(-3 * DAY_MS);
    }
  });

  it('makes a special-offer buyer after an ended trial a customer everywhere, not a trial that ended', async () => {
    const ended = await createTestViewer(app(), 'expiredTrial');
    expect((await readMe(app(), ended.headers)).account).toMatchObject({
      group: 'free',
      trialStatus: 'expired',
    });
    await submitForm(app(), `${await checkout(ended.headers, 'annualSpecial')}/pay`);
    const customer = {
      account: { group: 'CBcustomer', inTrial: false, expireSeconds: 0 },
      capabilities: { group: 'CBcustomer', isPaying: true, canUpgrade: false, canManageAccount: true },
    };
    const me = await readMe(app(), ended.headers);
    expect(me).toMatchObject(customer);
    expect(me.account.trialStatus).not.toBe('expired');

    // A trial user who buys stays a customer when the trial's end passes (here: a minute later).
    const trial = await createTestViewer(app(), 'emailTrial');
    await app()
      .database.db.updateTable('accounts')
      .set({ trial_expires_at: clock.now() + 60_000 })
      .where('user_id', '=', trial.userId!)
      .execute();
    await submitForm(app(), `${await checkout(trial.headers, 'monthly')}/pay`);
    expect(await readMe(app(), trial.headers)).toMatchObject(customer);
    clock.advance(61_000);
    try {
      const later = await readMe(app(), trial.headers);
      expect(later).toMatchObject(customer);
      expect(later.account.trialStatus).not.toBe('expired');
    } finally {
      clock.advance(-61_000);
    }
  });

  it('answers an expired or unknown checkout page as ended', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const page = await checkout(viewer.headers);
    expect(
      (await app().inject({ method: 'GET', url: '/local-billing/checkout/cs_local_nope' })).statusCode,
    ).toBe(404);
    clock.advance(2 * 3_600_000);
    try {
      const gone = await app().inject({ method: 'GET', url: page });
      expect(gone.statusCode).toBe(404);
      expect(gone.body).toContain('This checkout has ended');
      expect((await submitForm(app(), `${page}/pay`)).statusCode).toBe(404);
      // A day after it ended, the provider forgets the unpaid checkout.
      clock.advance(24 * 3_600_000);
      await sweepBilling(app().billing);
      const id = page.split('/').pop()!;
      const row = await app()
        .database.db.selectFrom('local_billing_checkouts')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    } finally {
      clock.advance(-26 * 3_600_000);
    }
  });
});

describe('choosing the provider by where the server is reached', () => {
  const choose = (config: Partial<Parameters<typeof chooseBillingProvider>[0]>) =>
    chooseBillingProvider({
      BILLING_PROVIDER: undefined,
      PUBLIC_URL: undefined,
      HOST: '0.0.0.0',
      TRUST_PROXY: 0,
      ...config,
    });

  it('offers the local provider by itself only at a loopback address', () => {
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1:3000',
      'http://[::1]:80',
      'http://app.localhost',
    ]) {
      expect(choose({ PUBLIC_URL: url }), url).toBe('local');
    }
    for (const url of ['https://tagscout.example', 'http://10.0.0.2:8080', 'http://localhost.example.com']) {
      expect(choose({ PUBLIC_URL: url }), url).toBe('none');
      // Behind a reverse proxy on the same machine: what counts is where browsers come from.
      expect(choose({ PUBLIC_URL: url, HOST: '127.0.0.1' }), url).toBe('none');
    }
    expect(choose({ PUBLIC_URL: 'https://tagscout.example', BILLING_PROVIDER: 'local' })).toBe('local');
  });

  it('without PUBLIC_URL, offers it only to a server that listens on loopback and sits behind no proxy', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', 'localhost', '::1']) {
      expect(choose({ HOST: host }), host).toBe('local');
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'tagscout.example']) {
      expect(choose({ HOST: host }), host).toBe('none');
    }
    expect(choose({ HOST: '127.0.0.1', TRUST_PROXY: 1 })).toBe('none');
    expect(choose({ BILLING_PROVIDER: 'local' })).toBe('local');
  });

  it('sells nothing on the default HOST without PUBLIC_URL, and says so in one warning line', async () => {
    const lines: { level: number; msg: string }[] = [];
    const testApp = await buildTestApp(
      'sqlite',
      { HOST: '0.0.0.0', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(JSON.parse(line) as { level: number; msg: string }) } },
    );
    try {
      const { app } = testApp;
      const info = await app.inject({ method: 'GET', url: '/api/billing/info' });
      expect(info.json()).toEqual({ provider: 'none', isSpecialOfferOpen: false });
      const viewer = await createTestViewer(app, 'emailTrial');
      const refused = await app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: viewer.headers,
        payload: { plan: 'monthly' },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: { code: 'billing_not_configured' } });
      expect((await readMe(app, viewer.headers)).capabilities.group).toBe('trial');
      const warnings = lines.filter((line) => /payments are off/i.test(line.msg));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.level).toBe(40);
      expect(warnings[0]!.msg).toContain('HOST=0.0.0.0');
      expect(warnings[0]!.msg).toContain('PUBLIC_URL');
      expect(warnings[0]!.msg).toContain('BILLING_PROVIDER');
    } finally {
      await testApp.close();
    }
  });

  it('sells nothing at a public address until BILLING_PROVIDER is chosen', async () => {
    const testApp = await buildTestApp('sqlite', { PUBLIC_URL: 'https://tagscout.example' });
    try {
      const { app } = testApp;
      const info = await app.inject({ method: 'GET', url: '/api/billing/info' });
      expect(info.json()).toEqual({ provider: 'none', isSpecialOfferOpen: false });
      const viewer = await createTestViewer(app, 'emailTrial');
      const refused = await app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: { ...viewer.headers, origin: 'https://tagscout.example' },
        payload: { plan: 'monthly' },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        error: { code: 'billing_not_configured', message: 'Payments are not set up on this server.' },
      });
      expect(
        (await app.inject({ method: 'GET', url: '/local-billing/checkout/cs_local_x' })).statusCode,
      ).toBe(404);
      expect((await readMe(app, viewer.headers)).capabilities.group).toBe('trial');
    } finally {
      await testApp.close();
    }
  });
});

describe('the local provider chosen by default, reached other than from this machine', () => {
  const PROXY_HEADERS = [
    { 'x-forwarded-for': '203.0.113.7' },
    { forwarded: 'for=203.0.113.7;proto=https' },
    { 'x-real-ip': '203.0.113.7' },
    // nginx passing the visitor's Host on (proxy_set_header Host $host) and no X-Forwarded-* at all.
    { host: 'tagscout.example', origin: 'http://tagscout.example' },
    { host: '192.168.1.20:8080', origin: 'http://192.168.1.20:8080' },
  ];

  it('refuses its checkout and pages to a request through a proxy or under another name, and warns once', async () => {
    const lines: { level: number; msg: string }[] = [];
    // nginx on the same machine forwarding to HOST=127.0.0.1, TRUST_PROXY left at 0.
    const testApp = await buildTestApp(
      'sqlite',
      { HOST: '127.0.0.1', LOG_LEVEL: 'warn', EXPOSE_OUTBOX: true },
      { logStream: { write: (line) => lines.push(JSON.parse(line) as { level: number; msg: string }) } },
    );
    try {
      const { app } = testApp;
      const viewer = await createTestViewer(app, 'emailTrial');
      const started = await app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: viewer.headers,
        payload: { plan: 'monthly' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const page = new URL((started.json() as { url: string }).url).pathname;

      for (const headers of PROXY_HEADERS) {
        const label = JSON.stringify(headers);
        const checkout = await app.inject({
          method: 'POST',
          url: '/api/billing/checkout',
          headers: { ...viewer.headers, ...headers },
          payload: { plan: 'monthly' },
        });
        expect(checkout.statusCode, label).toBe(403);
        expect(checkout.json().error.message, label).toMatch(/only on this machine/);
        const form = await app.inject({ method: 'GET', url: page, headers });
        expect(form.statusCode, label).toBe(403);
        expect(form.headers['content-type'], label).toMatch(/^text\/plain/);
        expect(form.body, label).toMatch(/only on this machine/);
        const pay = await app.inject({
          method: 'POST',
          url: `${page}/pay`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: 'email=buyer%40example.com',
        });
        expect(pay.statusCode, label).toBe(403);
      }
      expect((await readMe(app, viewer.headers)).capabilities.group).toBe('trial');
      const warnings = lines.filter((line) => /local billing/i.test(line.msg));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.level).toBe(40);
      expect(warnings[0]!.msg).toContain('BILLING_PROVIDER');

      // A browser on this machine, straight to the server, still pays.
      const paid = await submitForm(app, `${page}/pay`, {}, 'http://localhost:80');
      expect(paid.statusCode, paid.body).toBe(303);
      expect((await readMe(app, viewer.headers)).capabilities.isPaying).toBe(true);
    } finally {
      await testApp.close();
    }
  });

  it('serves any request when BILLING_PROVIDER=local is chosen on purpose (a demo), and sends payers back to the configured address, never to the Host the request names', async () => {
    const testApp = await buildTestApp('sqlite', { BILLING_PROVIDER: 'local', TRUST_PROXY: 1 });
    try {
      const { app } = testApp;
      const viewer = await createTestViewer(app, 'emailTrial');
      // Through a proxy, under a name of its own (a look-alike domain pointed at it).
      const headers = {
        ...viewer.headers,
        host: 'evil.example',
        origin: 'http://evil.example',
        'x-forwarded-for': '203.0.113.7',
      };
      const started = await app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers,
        payload: { plan: 'monthly' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const url = new URL((started.json() as { url: string }).url);
      expect(url.origin).toBe('http://localhost:8080');
      const form = await app.inject({ method: 'GET', url: url.pathname, headers });
      expect(form.statusCode).toBe(200);
      const paid = await submitForm(app, `${url.pathname}/pay`);
      expect(paid.headers.location).toMatch(/^http:\/\/localhost:8080\/api\/billing\/checkout\/return\?ref=/);
      const portal = await app.inject({ method: 'POST', url: '/api/billing/portal', headers, payload: {} });
      expect(new URL((portal.json() as { url: string }).url).origin).toBe('http://localhost:8080');
      const portalPage = await app.inject({ method: 'GET', url: new URL(portal.json().url).pathname });
      expect(portalPage.body).toContain('http://localhost:8080/tags');
      expect(portalPage.body).not.toContain('evil.example');
    } finally {
      await testApp.close();
    }
  });
});

describe('where a payer is sent back', () => {
  it('follows the browser only to the public address or, on a loopback server, another loopback name', () => {
    const cases: [publicAddress: string, origin: string | undefined, expected: string][] = [
      ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
      ['http://localhost:8080', 'http://[::1]:8080', 'http://[::1]:8080'],
      ['http://127.0.0.1:8080', 'http://localhost:5173', 'http://localhost:5173'],
      ['https://tagscout.example', 'https://tagscout.example', 'https://tagscout.example'],
      ['https://tagscout.example', 'http://localhost:8080', 'https://tagscout.example'],
      ['http://localhost:8080', 'http://evil.example', 'http://localhost:8080'],
      ['http://localhost:8080', 'capacitor://localhost', 'http://localhost:8080'],
      ['http://localhost:8080', 'null', 'http://localhost:8080'],
      ['http://localhost:8080', undefined, 'http://localhost:8080'],
    ];
    for (const [publicAddress, origin, expected] of cases) {
      expect(returnAddressFor(publicAddress, origin), `${publicAddress} from ${origin}`).toBe(expected);
    }
  });
});
