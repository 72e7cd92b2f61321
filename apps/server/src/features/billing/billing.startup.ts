import type { MeResponse } from '@tagscout/core/api';
import type { FastifyInstance } from 'fastify';
import { registerAccountDataHook } from '../accounts/accounts.service.js';
import { appReleaseRoutes } from './app-release.routes.js';
import { deleteCheckoutSessionsBefore, deleteProcessedEventsBefore } from './billing.repository.js';
import { billingRoutes } from './billing.routes.js';
import { type BillingRuntime, createBillingRuntime } from './billing.runtime.js';
import { claimCustomer } from './billing.service.js';
import { exportBilling, findRunningSubscriptions } from './billing-data.service.js';
import { localPagesRoutes } from './local-pages.routes.js';
import { LOCAL_PAGES_PREFIX } from './local-provider.js';
import { storeRoutes } from './store.routes.js';
import { sweepStorePurchases } from './store.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingRuntime;
  }
}

const SWEEP_EVERY_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/** processed_events ids are kept 30 days (docs/security-policy.md#web-billing; Apple retries span about 6.5 days). */
const EVENT_RETENTION_MS = 30 * DAY_MS;

/**
 * Billing (decision 009): the /api routes, the local provider's pages when it is in use, the claim
 * of a paid-for customer by the account with the paying address, and a periodic sweep. Call after
 * the accounts runtime (its mailer sends the set-up link).
 */
export async function registerBilling(app: FastifyInstance): Promise<void> {
  const runtime = await createBillingRuntime(app);
  app.decorate('billing', runtime);
  registerAccountDataHook(app.accounts, {
    name: 'billing',
    exportData: ({ database, userId }) => exportBilling(database, userId),
    findRunningSubscriptions: ({ database, userId, now }) =>
      findRunningSubscriptions(database, { userId, now }),
  });

  // A buyer who paid signed out is claimed by the account with the paying address (billing.service
  // claimCustomer) in every Me answer: sign-in, account setup and the app's own /me, which are
  // made from a session that did not exist when the request started.
  app.addHook('preSerialization', async (_request, _reply, payload) => {
    if (!isMeAnswer(payload) || !payload.user?.emailVerified) return payload;
    const claimed = await claimCustomer(runtime, {
      userId: payload.user.id,
      email: payload.user.email,
      account: payload.account,
    });
    return claimed ? { ...payload, ...claimed, isAdmin: claimed.capabilities.group === 'admin' } : payload;
  });

  await app.register(billingRoutes(runtime), { prefix: '/api' });
  await app.register(storeRoutes(runtime), { prefix: '/api' });
  await app.register(appReleaseRoutes(app.config), { prefix: '/api' });
  if (runtime.local) await app.register(localPagesRoutes(runtime.local), { prefix: LOCAL_PAGES_PREFIX });

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweepBilling(runtime), SWEEP_EVERY_MS);
    timer.unref();
    // Events the local provider could not deliver before a restart go out now.
    void sweepBilling(runtime);
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

function isMeAnswer(payload: unknown): payload is MeResponse {
  if (typeof payload !== 'object' || payload === null) return false;
  const candidate = payload as Partial<MeResponse>;
  return (
    typeof candidate.account === 'object' && typeof candidate.capabilities === 'object' && 'user' in candidate
  );
}

/** Old dedupe rows and checkouts go, expired store purchases lose their entitlement, webhooks are resent. */
export async function sweepBilling(runtime: BillingRuntime): Promise<void> {
  try {
    const now = runtime.now();
    await deleteProcessedEventsBefore(runtime.database, now - EVENT_RETENTION_MS);
    await deleteCheckoutSessionsBefore(runtime.database, now - 7 * DAY_MS);
    await sweepStorePurchases(runtime);
    await runtime.local?.deliverPending();
    await runtime.local?.forgetEnded();
  } catch (error) {
    runtime.log.error({ err: error }, 'billing sweep failed');
  }
}
