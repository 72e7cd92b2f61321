import { randomUUID } from 'node:crypto';
import {
  type AccountState,
  type Capabilities,
  hasActiveSubscription,
  resolveAccess,
  UserGroup,
} from '@tagscout/core/access';
import { BillingErrorCode, ErrorCode } from '@tagscout/core/api';
import type { PlanId } from '@tagscout/core/billing';
import { specialOfferRemaining } from '@tagscout/core/time';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import { findAccountBilling, setSubscriptionState } from '../accounts/accounts.service.js';
import type { Viewer } from '../accounts/viewer.js';
import {
  claimBillingCustomer,
  findBillingCustomer,
  findCheckoutSession,
  findCheckoutSessionByProviderId,
  findNewestCustomerByEmail,
  insertCheckoutSession,
  inTransaction,
  isEventProcessed,
  markLinkEmailed,
  markSetupLinkSent,
  recordProcessedEvent,
  saveBillingCustomer,
  setProviderSessionId,
} from './billing.repository.js';
import type { BillingRuntime } from './billing.runtime.js';
import { accountSetupEmail, restorePurchaseEmail } from './billing-emails.js';
import {
  ProviderCredentialsError,
  type ProviderCustomer,
  ProviderUnavailableError,
  WebhookSignatureError,
} from './billing-provider.js';
import { returnAddressFor } from './public-address.js';

const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;

type Language = 'en' | 'pt';

/**
 * Starts a hosted checkout for a plan. A signed-in user (with an email) is remembered with the
 * checkout, so the webhook can give them the plan; anyone else sets up an account afterwards.
 */
export async function startCheckout(
  runtime: BillingRuntime,
  viewer: Viewer,
  input: { plan: PlanId; language: Language; origin: string | undefined },
): Promise<{ url: string }> {
  throwUnlessPaymentsSetUp(runtime);
  const { capabilities } = viewer;
  if (capabilities.isPaying || capabilities.group === UserGroup.admin) {
    throw new AppError(409, BillingErrorCode.alreadySubscribed, 'You already have Tagscout Pro.');
  }
  if (input.plan === 'annualSpecial' && !(await isSpecialOfferOpen(runtime, viewer))) {
    throw new AppError(403, BillingErrorCode.offerClosed, 'The special offer is not open for you.');
  }
  const { provider } = runtime;
  const baseUrl = returnAddressFor(runtime.publicAddress(), input.origin);
  const userId = viewer.email ? viewer.userId : null;
  const customerId = userId ? await ownCustomerId(runtime, userId, viewer.account.billingId) : null;
  const reference = randomUUID();
  const now = runtime.now();
  await insertCheckoutSession(runtime.database, {
    id: reference,
    provider: provider.name,
    provider_session_id: null,
    user_id: userId,
    plan: input.plan,
    created_at: now,
    expires_at: now + CHECKOUT_LIFETIME_MS,
  });
  const session = await orUnavailable(runtime, () =>
    provider.createCheckout({
      reference,
      plan: input.plan,
      customerId,
      email: userId ? viewer.email : null,
      successUrl: `${baseUrl}/api/billing/checkout/return?ref=${reference}`,
      cancelUrl: `${baseUrl}/upgrade?checkout=cancelled`,
      language: input.language,
    }),
  );
  await setProviderSessionId(runtime.database, reference, session.sessionId);
  return { url: absoluteUrl(session.url, baseUrl) };
}

/**
 * Where the browser goes after paying. Nothing is granted here (docs/security-policy.md#web-billing):
 * a signed-in buyer goes back to the plans page, which waits for the webhook's effect; a new
 * customer goes to account setup for the address they paid with (the same link is emailed to
 * them, so closing this tab loses nothing).
 */
export async function checkoutReturnPath(runtime: BillingRuntime, reference: string): Promise<string> {
  const session = await findCheckoutSession(runtime.database, reference);
  if (!session?.provider_session_id || session.provider !== runtime.provider.name) {
    return '/upgrade?checkout=unknown';
  }
  const providerSessionId = session.provider_session_id;
  const state = await orUnavailable(runtime, () => runtime.provider.getCheckout(providerSessionId));
  if (!state?.isComplete) return '/upgrade?checkout=cancelled';
  if (session.user_id || !state.customerId || !state.email) return '/upgrade?checkout=success';
  return accountSetupPath(state.email);
}

/** The provider's account management for the signed-in customer's own billing account. */
export async function openPortal(
  runtime: BillingRuntime,
  viewer: Viewer,
  input: { language: Language; origin: string | undefined },
): Promise<{ url: string }> {
  throwUnlessPaymentsSetUp(runtime);
  const baseUrl = returnAddressFor(runtime.publicAddress(), input.origin);
  const billingId = viewer.account.billingId;
  const customer = billingId
    ? await findBillingCustomer(runtime.database, runtime.provider.name, billingId)
    : null;
  if (!customer || customer.userId !== viewer.userId) {
    throw AppError.notFound('There is no subscription to manage for this account.');
  }
  const portal = await orUnavailable(runtime, () =>
    runtime.provider.createPortal({
      customerId: customer.customerId,
      returnUrl: `${baseUrl}/tags`,
      language: input.language,
    }),
  );
  return { url: absoluteUrl(portal.url, baseUrl) };
}

/**
 * A provider's webhook: signature first, then the customer's current state fetched from the
 * provider (never the event body), applied in one transaction with the processed_events row. The
 * same event twice, or a forged one, changes nothing.
 */
export async function handleWebhook(
  runtime: BillingRuntime,
  input: { providerName: string; rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<{ duplicate: boolean }> {
  const { provider, database } = runtime;
  if (provider.name !== input.providerName)
    throw AppError.notFound('This server does not use that provider.');
  let event: ReturnType<typeof provider.verifyWebhook>;
  try {
    event = provider.verifyWebhook(input.rawBody, input.headers);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    runtime.log.warn({ provider: provider.name, reason: error.message }, 'billing webhook refused');
    throw new AppError(400, BillingErrorCode.badSignature, 'The webhook signature is not valid.');
  }
  if (await isEventProcessed(database, provider.name, event.id)) return { duplicate: true };

  const customer = event.customerId ? await fetchCustomerOrFail(runtime, event.customerId) : null;
  const buyer = event.checkoutSessionId
    ? await findCheckoutSessionByProviderId(database, provider.name, event.checkoutSessionId)
    : undefined;
  const isApplied = await inTransaction(database, async (scoped) => {
    const isNew = await recordProcessedEvent(scoped, {
      provider: provider.name,
      eventId: event.id,
      eventType: event.type,
      now: runtime.now(),
    });
    if (isNew && customer) await applyCustomer(runtime, scoped, customer, buyer?.user_id ?? null);
    return isNew;
  });
  runtime.log.info(
    { provider: provider.name, eventId: event.id, type: event.type, duplicate: !isApplied },
    'billing webhook',
  );
  if (isApplied && customer) await sendSetupLinkOnce(runtime, customer.customerId);
  return { duplicate: !isApplied };
}

/** Who may claim a paid-for customer: a user with a verified address and their account state. */
export interface ClaimantInput {
  userId: string | null;
  /** The verified address; null for an anonymous trial. */
  email: string | null;
  account: AccountState;
}

/**
 * A buyer who paid signed out: the first account whose verified address is the one they paid
 * with takes the plan (account setup from the emailed link, a plain sign-up, or signing in to an
 * account they already had). The address is the only key: a customer id from a browser is worth
 * nothing. Answers the account state and capabilities as they are now, or null when nothing changed
 * (the usual case: one indexed read, and only for verified accounts that do not pay on the web).
 */
export async function claimCustomer(
  runtime: BillingRuntime,
  claimant: ClaimantInput,
): Promise<{ account: AccountState; capabilities: Capabilities } | null> {
  const { account, userId, email } = claimant;
  if (!userId || !email || resolveAccess(account).isPaying) return null;
  if (runtime.provider.name === 'none') return null;
  const { database, provider } = runtime;
  const customer = await findNewestCustomerByEmail(database, {
    provider: provider.name,
    email: email.toLowerCase(),
    unclaimedOnly: true,
  });
  if (!customer) return null;
  const isClaimed = await inTransaction(database, async (scoped) => {
    const now = runtime.now();
    const claim = { provider: provider.name, customerId: customer.customerId, userId, now };
    if (!(await claimBillingCustomer(scoped, claim))) return false;
    await applyToAccount(scoped, userId, customer, now);
    return true;
  });
  if (!isClaimed) return null;
  runtime.log.info({ userId, customerId: customer.customerId }, 'billing customer claimed by account');
  const next: AccountState = {
    ...account,
    group: account.group === UserGroup.admin ? account.group : UserGroup.CBcustomer,
    inTrial: false,
    expireSeconds: 0,
    billingId: customer.customerId,
    subscriptions: customer.subscriptions.map(({ status }) => ({ status })),
  };
  return { account: next, capabilities: resolveAccess(next) };
}

/** Restore links go to one address at most this often (a lid on mail sent at anyone's request). */
const RESTORE_LINK_GAP_MS = 10 * 60_000;

/**
 * "Restore purchase" on the web: the address a buyer paid with gets a link to their purchase, the
 * account set-up link when no account has taken it yet, else the sign-in link and a portal link.
 * Nothing is sent for an address that bought nothing; the caller answers the same either way.
 */
export async function emailRestoreLink(
  runtime: BillingRuntime,
  input: { email: string; language: Language },
): Promise<void> {
  const { database, provider } = runtime;
  if (provider.name === 'none') return;
  const email = input.email.trim().toLowerCase();
  const customer = await findNewestCustomerByEmail(database, { provider: provider.name, email });
  if (!customer) return;
  const now = runtime.now();
  const isDue = await markLinkEmailed(database, {
    provider: provider.name,
    customerId: customer.customerId,
    now,
    notSince: now - RESTORE_LINK_GAP_MS,
  });
  if (!isDue) return;
  const baseUrl = runtime.publicAddress();
  if (customer.userId === null) {
    await runtime.mailer.send(
      accountSetupEmail(email, `${baseUrl}${accountSetupPath(email)}`, input.language),
    );
    return;
  }
  const portal = await provider
    .createPortal({ customerId: customer.customerId, returnUrl: `${baseUrl}/tags`, language: input.language })
    .then((created) => absoluteUrl(created.url, baseUrl))
    .catch((error: unknown) => {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      runtime.log.warn({ err: error }, 'portal link left out of a restore email: provider unavailable');
      return null;
    });
  const signIn = `${baseUrl}/login?${new URLSearchParams({ email }).toString()}`;
  await runtime.mailer.send(restorePurchaseEmail(email, { signIn, portal }, input.language));
}

/** The special offer's price may be bought for 3 days after the visitor's trial ended (server clock). */
export async function isSpecialOfferOpen(runtime: BillingRuntime, viewer: Viewer): Promise<boolean> {
  if (!viewer.userId) return false;
  const account = await findAccountBilling(runtime.database, viewer.userId);
  const endedAt = account?.trialExpiresAt;
  return typeof endedAt === 'number' && specialOfferRemaining(endedAt, runtime.now()) > 0;
}

// ---- Helpers ----

async function applyCustomer(
  runtime: BillingRuntime,
  scoped: Database,
  customer: ProviderCustomer,
  buyerId: string | null,
): Promise<void> {
  const provider = runtime.provider.name;
  const now = runtime.now();
  const stored = await findBillingCustomer(scoped, provider, customer.customerId);
  const email = customer.email?.toLowerCase() ?? stored?.email ?? null;
  const userId = stored?.userId ?? buyerId;
  const current = { ...customer, email };
  await saveBillingCustomer(scoped, {
    provider,
    customerId: customer.customerId,
    email,
    userId,
    subscriptions: customer.subscriptions,
    now,
  });
  if (userId) await applyToAccount(scoped, userId, current, now);
}

/**
 * The group follows the subscription: CBcustomer with the provider's subscriptions (core's access
 * rules make an active one paying, a cancelled first one "not logged in" with the notice).
 * Administrators keep their group.
 */
async function applyToAccount(
  scoped: Database,
  userId: string,
  customer: Pick<ProviderCustomer, 'customerId' | 'subscriptions'>,
  now: number,
): Promise<void> {
  const account = await findAccountBilling(scoped, userId);
  await setSubscriptionState(
    scoped,
    userId,
    {
      ...(account?.group !== UserGroup.admin && { group: UserGroup.CBcustomer }),
      billingId: customer.customerId,
      subscriptions: customer.subscriptions.map(({ status }) => ({ status })),
    },
    now,
  );
}

/**
 * A buyer who paid signed out and has no account yet is emailed the account set-up link, once
 * (the row is marked first, so concurrent or replayed webhooks send it a single time).
 */
async function sendSetupLinkOnce(runtime: BillingRuntime, customerId: string): Promise<void> {
  const customer = await findBillingCustomer(runtime.database, runtime.provider.name, customerId);
  if (!customer?.email || customer.userId !== null || !hasActiveSubscription(customer)) return;
  const isFirst = await markSetupLinkSent(runtime.database, {
    provider: runtime.provider.name,
    customerId,
    now: runtime.now(),
  });
  if (!isFirst) return;
  const link = `${runtime.publicAddress()}${accountSetupPath(customer.email)}`;
  // A provider's webhook does not say which language the buyer read the app in.
  await runtime.mailer.send(accountSetupEmail(customer.email, link, 'en'));
  runtime.log.info({ customerId }, 'account set-up link emailed to a buyer without an account');
}

/** Account setup for the address a buyer paid with. */
export function accountSetupPath(email: string): string {
  return `/newaccount?${new URLSearchParams({ email }).toString()}`;
}

function throwUnlessPaymentsSetUp(runtime: BillingRuntime): void {
  if (runtime.provider.name !== 'none') return;
  throw new AppError(503, BillingErrorCode.notConfigured, 'Payments are not set up on this server.');
}

/** The user's own customer at this provider (so paying again reuses it), if any. */
async function ownCustomerId(runtime: BillingRuntime, userId: string, billingId: string | null | undefined) {
  if (!billingId) return null;
  const customer = await findBillingCustomer(runtime.database, runtime.provider.name, billingId);
  return customer?.userId === userId ? customer.customerId : null;
}

async function fetchCustomerOrFail(runtime: BillingRuntime, customerId: string) {
  return orUnavailable(runtime, () => runtime.provider.fetchCustomer(customerId));
}

/**
 * A provider that cannot be reached fails closed: 503, nothing granted (the provider retries
 * webhooks). One that refuses our key says only "not available" to the visitor; the log names the fix.
 */
async function orUnavailable<T>(runtime: BillingRuntime, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderCredentialsError) {
      runtime.log.error({ provider: runtime.provider.name }, `Payments are not available: ${error.message}`);
      throw new AppError(503, BillingErrorCode.providerUnavailable, 'Payments are not available right now.');
    }
    if (!(error instanceof ProviderUnavailableError)) throw error;
    runtime.log.warn({ err: error, provider: runtime.provider.name }, 'billing provider unavailable');
    throw new AppError(503, ErrorCode.unavailable, 'The billing provider could not be reached. Try again.');
  }
}

function absoluteUrl(url: string, baseUrl: string): string {
  return new URL(url, `${baseUrl}/`).toString();
}
