import { readFileSync } from 'node:fs';
import { androidpublisher, type androidpublisher_v3 } from '@googleapis/androidpublisher';
import { withRetries } from '@tagscout/sources/source';
import { type gaxios, JWT } from 'google-auth-library';
import { z } from 'zod';
import { ProviderUnavailableError } from './billing-provider.js';

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
/** Where google-auth-library asks for tokens, whatever the key file says. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const TIMEOUT_MS = 5000;
const RETRY_DELAYS_MS = [200, 600];

const ServiceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().default(GOOGLE_TOKEN_URL),
});
export type ServiceAccount = z.infer<typeof ServiceAccountSchema>;

/** purchases.subscriptionsv2 (the fields we read), in Google's format. */
export const SubscriptionPurchaseV2Schema = z.object({
  subscriptionState: z.string(),
  acknowledgementState: z.string().optional(),
  lineItems: z.array(z.object({ productId: z.string(), expiryTime: z.string().optional() })).default([]),
  externalAccountIdentifiers: z
    .object({
      obfuscatedExternalAccountId: z.string().optional(),
      obfuscatedExternalProfileId: z.string().optional(),
    })
    .optional(),
  linkedPurchaseToken: z.string().optional(),
  testPurchase: z.object({}).passthrough().optional(),
});
export type SubscriptionPurchaseV2 = z.infer<typeof SubscriptionPurchaseV2Schema>;

export interface GooglePlayOptions {
  packageName: string;
  serviceAccount: ServiceAccount;
  /** https://androidpublisher.googleapis.com, or a local fake in tests. */
  apiUrl: string;
}

/**
 * The Google Play Developer API (androidpublisher v3) through Google's client libraries: the
 * service account's OAuth token (google-auth-library), then purchases.subscriptionsv2.get and
 * purchases.subscriptions.acknowledge. Calls time out after 5 s and are retried twice on network
 * errors and 5xx; a 404 or 410 means Google does not know the token.
 */
export class GooglePlay {
  private readonly api: androidpublisher_v3.Androidpublisher;

  constructor(private readonly options: GooglePlayOptions) {
    const { serviceAccount } = options;
    const auth = new JWT({
      email: serviceAccount.client_email,
      key: serviceAccount.private_key,
      keyId: serviceAccount.private_key_id,
      scopes: [SCOPE],
    });
    if (serviceAccount.token_uri !== GOOGLE_TOKEN_URL) sendTokenRequestsTo(auth, serviceAccount.token_uri);
    this.api = androidpublisher({
      version: 'v3',
      auth,
      rootUrl: options.apiUrl,
      timeout: TIMEOUT_MS,
      retry: false,
    });
  }

  /** The purchase, or null when Google does not know the token. */
  async getSubscription(purchaseToken: string): Promise<SubscriptionPurchaseV2 | null> {
    const response = await this.call('purchase', () =>
      this.api.purchases.subscriptionsv2.get({ packageName: this.options.packageName, token: purchaseToken }),
    );
    if (response === null) return null;
    const parsed = SubscriptionPurchaseV2Schema.safeParse(response.data);
    if (!parsed.success) throw new ProviderUnavailableError('Google Play answered an unexpected purchase');
    return parsed.data;
  }

  async acknowledge(productId: string, purchaseToken: string): Promise<void> {
    const response = await this.call('acknowledge', () =>
      this.api.purchases.subscriptions.acknowledge({
        packageName: this.options.packageName,
        subscriptionId: productId,
        token: purchaseToken,
        requestBody: {},
      }),
    );
    if (response === null) throw new ProviderUnavailableError('Google Play acknowledge answered 404');
  }

  /** The answer, null for a 404 or 410, or ProviderUnavailableError once the retries are spent. */
  private async call<T>(name: string, request: () => Promise<T>): Promise<T | null> {
    try {
      return await withRetries(request, {
        retries: RETRY_DELAYS_MS.length,
        isRetryable: (error) => {
          const status = statusOf(error);
          return status === undefined || status >= 500;
        },
        waitMs: (retry) => RETRY_DELAYS_MS[retry - 1] ?? null,
      });
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 410) return null;
      throw new ProviderUnavailableError(
        status === undefined
          ? `Google Play is unreachable (${name}): ${String(error)}`
          : `Google Play ${name} answered ${status}`,
      );
    }
  }
}

/** The HTTP status of a Google API failure; undefined when no answer came (network, timeout). */
function statusOf(error: unknown): number | undefined {
  return (error as gaxios.GaxiosError | null)?.response?.status;
}

/**
 * google-auth-library always asks https://oauth2.googleapis.com/token for tokens; a key file whose
 * token_uri names another endpoint (the local fake in tests) has its token requests sent there.
 */
function sendTokenRequestsTo(auth: JWT, tokenUri: string): void {
  auth.transporter.interceptors.request.add({
    resolved: async (config) => {
      if (String(config.url) === GOOGLE_TOKEN_URL) config.url = new URL(tokenUri);
      return config;
    },
  });
}

export function readServiceAccount(path: string): ServiceAccount {
  return ServiceAccountSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}
