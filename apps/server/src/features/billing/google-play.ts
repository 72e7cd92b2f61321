import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ProviderUnavailableError } from './billing-provider.js';

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
const TIMEOUT_MS = 5000;
const RETRY_DELAYS_MS = [200, 600];

const ServiceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
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
  now: () => number;
  fetch?: typeof fetch;
}

/**
 * The Google Play Developer API (androidpublisher v3) with a service account: an OAuth token from
 * a signed JWT (RS256), then purchases.subscriptionsv2.get and purchases.subscriptions.acknowledge.
 * Calls time out after 5 s and are retried twice on network errors and 5xx; a 404 or 410 means
 * Google does not know the token.
 */
export class GooglePlay {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: GooglePlayOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The purchase, or null when Google does not know the token. */
  async getSubscription(purchaseToken: string): Promise<SubscriptionPurchaseV2 | null> {
    const url = `${this.base()}/purchases/subscriptionsv2/tokens/${encodeURIComponent(purchaseToken)}`;
    const response = await this.request(url, { method: 'GET' });
    if (response.status === 404 || response.status === 410) return null;
    if (!response.ok) throw new ProviderUnavailableError(`Google Play answered ${response.status}`);
    const parsed = SubscriptionPurchaseV2Schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new ProviderUnavailableError('Google Play answered an unexpected purchase');
    return parsed.data;
  }

  async acknowledge(productId: string, purchaseToken: string): Promise<void> {
    const url = `${this.base()}/purchases/subscriptions/${encodeURIComponent(productId)}/tokens/${encodeURIComponent(purchaseToken)}:acknowledge`;
    const response = await this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    if (!response.ok)
      throw new ProviderUnavailableError(`Google Play acknowledge answered ${response.status}`);
  }

  private base(): string {
    const root = this.options.apiUrl.replace(/\/+$/, '');
    return `${root}/androidpublisher/v3/applications/${encodeURIComponent(this.options.packageName)}`;
  }

  private async request(url: string, init: RequestInit): Promise<Response> {
    const token = await this.accessToken();
    return this.withRetries((signal) =>
      this.fetch(url, { ...init, signal, headers: { ...init.headers, authorization: `Bearer ${token}` } }),
    );
  }

  private async accessToken(): Promise<string> {
    const now = this.options.now();
    if (this.token && this.token.expiresAt - 60_000 > now) return this.token.value;
    const { serviceAccount } = this.options;
    const response = await this.withRetries((signal) =>
      this.fetch(serviceAccount.token_uri, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: signServiceAccountJwt(serviceAccount, now),
        }).toString(),
      }),
    );
    const body = (await response.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!response.ok || !body?.access_token) {
      throw new ProviderUnavailableError(`Google OAuth answered ${response.status}`);
    }
    this.token = { value: body.access_token, expiresAt: now + (body.expires_in ?? 3600) * 1000 };
    return body.access_token;
  }

  private async withRetries(call: (signal: AbortSignal) => Promise<Response>): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      let response: Response | null = null;
      let failure: unknown = null;
      try {
        response = await call(AbortSignal.timeout(TIMEOUT_MS));
      } catch (error) {
        failure = error;
      }
      const shouldRetry = response === null || response.status >= 500;
      if (!shouldRetry && response) return response;
      if (attempt >= RETRY_DELAYS_MS.length) {
        if (response) return response;
        throw new ProviderUnavailableError(`Google Play is unreachable: ${String(failure)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

/** A JWT for Google's OAuth token endpoint (JWT bearer grant), signed with the account's key. */
export function signServiceAccountJwt(account: ServiceAccount, nowMs: number): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
    iss: account.client_email,
    scope: SCOPE,
    aud: account.token_uri,
    iat: issuedAt,
    exp: issuedAt + 3600,
  })}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key).toString('base64url');
  return `${unsigned}.${signature}`;
}

export function readServiceAccount(path: string): ServiceAccount {
  return ServiceAccountSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}
