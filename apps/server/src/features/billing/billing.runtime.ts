import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Config, ConfigError } from '../../config.js';
import type { Database } from '../../db/connect.js';
import { ensureSetting } from '../../db/settings.js';
import type { Mailer } from '../email/mailer.runtime.js';
import type { AppleStore } from './apple-store.js';
import { type BillingProvider, NoBillingProvider } from './billing-provider.js';
import type { GooglePlay } from './google-play.js';
import { LocalBillingProvider } from './local-provider.js';
import { chooseBillingProvider, paymentsOffWarning, publicAddressOf } from './public-address.js';
import type { StripeBillingProvider } from './stripe-provider.js';
import { LOCAL_SIGNATURE_HEADER } from './webhook-signature.js';

/** Everything the billing routes, pages and jobs share, built once per app. */
export interface BillingRuntime {
  database: Database;
  config: Config;
  now: () => number;
  log: FastifyBaseLogger;
  /** The provider in use; its name is 'none' when payments are not set up. */
  provider: BillingProvider;
  /** Where browsers reach this server (PUBLIC_URL or the listening address), never a request's Host. */
  publicAddress: () => string;
  /** Sends the account set-up and restore emails (the accounts feature's outbox and SMTP). */
  mailer: Mailer;
  /** The local provider when it is the one in use (its pages are served then). */
  local: LocalBillingProvider | null;
  /** Null until APPLE_ROOT_CERTIFICATES is set: ios-verify then answers 503. */
  apple: AppleStore | null;
  /** Null until GOOGLE_PLAY_SERVICE_ACCOUNT_FILE is set: android-verify then answers 503. */
  googlePlay: GooglePlay | null;
  /** Keys the account token the apps pass to the stores (kept in the settings table). */
  accountTokenSecret: string;
}

export const LOCAL_WEBHOOK_PATH = '/api/billing/webhooks/local';

export async function createBillingRuntime(app: FastifyInstance): Promise<BillingRuntime> {
  const { config, database } = app;
  const { now } = config;
  const accountTokenSecret = await ensureSetting(
    database,
    'store_account_token_secret',
    randomBytes(32).toString('base64url'),
    now(),
  );
  let local: LocalBillingProvider | null = null;
  let provider: BillingProvider;
  const choice = chooseBillingProvider(config);
  if (choice === 'stripe') {
    provider = await createStripeProvider(config, now);
  } else if (choice === 'none') {
    if (!config.BILLING_PROVIDER) app.log.warn(paymentsOffWarning(config));
    provider = new NoBillingProvider();
  } else {
    // Never a hard-coded secret: configured, or made on first start and kept.
    const secret =
      config.LOCAL_BILLING_SECRET ??
      (await ensureSetting(
        database,
        'local_billing_webhook_secret',
        randomBytes(32).toString('base64url'),
        now(),
      ));
    local = new LocalBillingProvider({
      database,
      secret,
      now,
      log: app.log,
      isLoopbackOnly: !config.BILLING_PROVIDER,
      // Delivered through the full HTTP pipeline, as a remote provider's request would be.
      deliver: async (payload, signature) => {
        const response = await app.inject({
          method: 'POST',
          url: LOCAL_WEBHOOK_PATH,
          headers: { 'content-type': 'application/json', [LOCAL_SIGNATURE_HEADER]: signature },
          payload,
        });
        return response.statusCode;
      },
    });
    provider = local;
  }
  return {
    database,
    config,
    now,
    log: app.log,
    provider,
    publicAddress: publicAddressOf(app, config),
    mailer: app.accounts.mailer,
    local,
    apple: await createAppleStore(config),
    googlePlay: await createGooglePlay(config),
    accountTokenSecret,
  };
}

// Stripe's, Apple's and Google's SDKs are imported only when configured: loading all three took
// most of a second of every start, and of every test that builds an app, on a loaded machine.
async function createStripeProvider(config: Config, now: () => number): Promise<StripeBillingProvider> {
  const required = {
    STRIPE_SECRET_KEY: config.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: config.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: config.STRIPE_PRICE_MONTHLY,
    STRIPE_PRICE_ANNUAL: config.STRIPE_PRICE_ANNUAL,
    STRIPE_PRICE_ANNUAL_SPECIAL: config.STRIPE_PRICE_ANNUAL_SPECIAL,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid environment: BILLING_PROVIDER=stripe needs ${missing.join(', ')}`);
  }
  const { StripeBillingProvider } = await import('./stripe-provider.js');
  return new StripeBillingProvider({
    secretKey: required.STRIPE_SECRET_KEY!,
    webhookSecret: required.STRIPE_WEBHOOK_SECRET!,
    prices: {
      monthly: required.STRIPE_PRICE_MONTHLY!,
      annual: required.STRIPE_PRICE_ANNUAL!,
      annualSpecial: required.STRIPE_PRICE_ANNUAL_SPECIAL!,
    },
    apiUrl: config.STRIPE_API_URL,
    now,
  });
}

async function createAppleStore(config: Config): Promise<AppleStore | null> {
  if (!config.APPLE_ROOT_CERTIFICATES) return null;
  if (config.APPLE_ENVIRONMENT === 'Production' && config.APPLE_APP_APPLE_ID === undefined) {
    throw new ConfigError(
      'Invalid environment: APPLE_APP_APPLE_ID is required when APPLE_ENVIRONMENT=Production',
    );
  }
  const { AppleStore, readRootCertificates } = await import('./apple-store.js');
  try {
    return new AppleStore({
      rootCertificates: readRootCertificates(config.APPLE_ROOT_CERTIFICATES),
      onlineChecks: config.APPLE_ONLINE_CHECKS,
      environment: config.APPLE_ENVIRONMENT,
      bundleId: config.APPLE_BUNDLE_ID,
      appAppleId: config.APPLE_APP_APPLE_ID,
    });
  } catch (error) {
    throw new ConfigError(
      `Invalid environment: APPLE_ROOT_CERTIFICATES could not be read (${String(error)})`,
    );
  }
}

async function createGooglePlay(config: Config): Promise<GooglePlay | null> {
  if (!config.GOOGLE_PLAY_SERVICE_ACCOUNT_FILE) return null;
  const { GooglePlay, readServiceAccount } = await import('./google-play.js');
  try {
    return new GooglePlay({
      packageName: config.GOOGLE_PLAY_PACKAGE_NAME,
      serviceAccount: readServiceAccount(config.GOOGLE_PLAY_SERVICE_ACCOUNT_FILE),
      apiUrl: config.GOOGLE_PLAY_API_URL,
    });
  } catch (error) {
    throw new ConfigError(
      `Invalid environment: GOOGLE_PLAY_SERVICE_ACCOUNT_FILE could not be read (${String(error)})`,
    );
  }
}
