import { z } from 'zod';
import { PLAN_IDS } from '../billing/index.js';
import { EmailSchema } from './accounts.js';

/**
 * The billing contract (decision 009): web checkout and the billing portal through a provider
 * (local or Stripe), the providers' webhooks, App Store and Google Play purchase checks, and the
 * apps' version check and configuration. docs/decisions/009-billing.md explains the flows.
 */

export const PlanIdSchema = z.enum(PLAN_IDS);

// ---- Web checkout and portal: /api/billing/* ----

export const CheckoutBodySchema = z.strictObject({
  plan: PlanIdSchema,
  /** The language of the hosted checkout page, where the provider has one. */
  language: z.enum(['en', 'pt']).optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** Where to send the browser: the provider's hosted page. */
export const RedirectUrlResponseSchema = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' });
export type RedirectUrlResponse = z.infer<typeof RedirectUrlResponseSchema>;

export const CheckoutReturnQuerySchema = z.strictObject({ ref: z.string().max(100) });

/** "Restore purchase" on the web: the address paid with; a link to the account is emailed to it. */
export const RestorePurchaseBodySchema = z.strictObject({
  email: EmailSchema,
  language: z.enum(['en', 'pt']).optional(),
});
export type RestorePurchaseBody = z.infer<typeof RestorePurchaseBodySchema>;

/** The same answer whether or not the address bought anything (no one learns who is a customer). */
export const RestorePurchaseResponseSchema = z
  .object({ status: z.literal('check_email'), message: z.string() })
  .meta({ id: 'RestorePurchase' });
export type RestorePurchaseResponse = z.infer<typeof RestorePurchaseResponseSchema>;

/** What a provider's webhook is answered (its effect is never in the answer). */
export const WebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** How the plans page learns how this server takes payments. */
export const BillingInfoResponseSchema = z
  .object({
    /** 'none': payments are not set up on this server (the plans page says so). */
    provider: z.enum(['local', 'stripe', 'none']),
    /** Whether the special offer's price may be bought now by this visitor (server clock). */
    isSpecialOfferOpen: z.boolean(),
  })
  .meta({ id: 'BillingInfo' });
export type BillingInfoResponse = z.infer<typeof BillingInfoResponseSchema>;

// ---- App stores: /api/store/* (ios-verify, android-verify) ----

export const IosVerifyBodySchema = z.strictObject({
  /** The StoreKit 2 signed transaction (JWS, `jwsRepresentation`). */
  receipt: z.string().min(1).max(20_000),
  /** Sent by older clients; the server uses the session's user. */
  user: z.string().max(200).optional(),
});
export type IosVerifyBody = z.infer<typeof IosVerifyBodySchema>;

export const AndroidVerifyBodySchema = z.strictObject({
  purchaseToken: z.string().min(1).max(4096),
  productId: z.string().min(1).max(200),
  user: z.string().max(200).optional(),
});
export type AndroidVerifyBody = z.infer<typeof AndroidVerifyBodySchema>;

/** The earlier client's answer: return.validSubscription. */
export const StoreVerifyResponseSchema = z
  .object({ return: z.object({ validSubscription: z.boolean() }) })
  .meta({ id: 'StoreVerify' });
export type StoreVerifyResponse = z.infer<typeof StoreVerifyResponseSchema>;

/**
 * The id the app passes to the store with a purchase (Apple appAccountToken, Google
 * obfuscatedAccountId): a UUID derived from the user, which the server requires to match.
 */
export const AccountTokenResponseSchema = z
  .object({ accountToken: z.uuid() })
  .meta({ id: 'StoreAccountToken' });
export type AccountTokenResponse = z.infer<typeof AccountTokenResponseSchema>;

// ---- The apps: the version check (GET /api/version/check, app data) and where the apps are (/api/app/config) ----

export const VersionCheckQuerySchema = z.strictObject({
  runningVersion: z.string().max(40),
  platform: z.enum(['web', 'ios', 'android']).optional(),
});

export const VersionCheckResponseSchema = z
  .object({
    shouldUpdate: z.boolean(),
    /** The store page to update from, for the platform asked about; null on the web. */
    storeUrl: z.string().nullable(),
  })
  .meta({ id: 'VersionCheck' });
export type VersionCheckResponse = z.infer<typeof VersionCheckResponseSchema>;

export const AppConfigResponseSchema = z
  .object({
    /** The web build only points visitors to the app stores (/landingPage). */
    webAppOnly: z.boolean(),
    storeUrls: z.object({ ios: z.string(), android: z.string() }),
  })
  .meta({ id: 'AppConfig' });
export type AppConfigResponse = z.infer<typeof AppConfigResponseSchema>;

// ---- Error codes these endpoints add ----

export const BillingErrorCode = {
  alreadySubscribed: 'already_subscribed',
  offerClosed: 'special_offer_closed',
  notConfigured: 'billing_not_configured',
  providerUnavailable: 'billing_unavailable',
  badSignature: 'invalid_signature',
  checkoutNotFound: 'checkout_not_found',
} as const;
export type BillingErrorCode = (typeof BillingErrorCode)[keyof typeof BillingErrorCode];

/** Texts of the purchase flow on the apps (docs/product-rules.md#plans-and-purchases). */
export const PURCHASE_MESSAGES = {
  validationProblem: 'there was a problem validating your subscription',
  processingProblem: 'there was a problem with your subscription processing',
  noSubscription: 'We could not find a valid subscription.',
  noProducts: 'No products retrieved',
} as const;
