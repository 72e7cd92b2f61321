import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Google's token endpoint checks that a service account's JWT is addressed to it by this name. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export interface FakePurchase {
  productId: string;
  expiryTime: string;
  subscriptionState: string;
  acknowledgementState: 'ACKNOWLEDGEMENT_STATE_PENDING' | 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED';
  obfuscatedExternalAccountId?: string;
}

/**
 * A stand-in for Google's OAuth token endpoint and androidpublisher v3 on 127.0.0.1, in Google's
 * formats: the service account's signed JWT is checked with its public key, then
 * purchases.subscriptionsv2.get and purchases.subscriptions.acknowledge answer from `purchases`.
 */
export class FakeGooglePlay {
  readonly packageName = 'com.tagscout.app';
  readonly purchases = new Map<string, FakePurchase>();
  readonly acknowledged: string[] = [];
  /** Status to answer purchase calls with instead (an outage), or null. */
  failWith: number | null = null;
  /** Purchase calls answered (the failed ones too). */
  purchaseCalls = 0;
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly tokens = new Set<string>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The service-account JSON a Play Console project would download, pointing at this fake. */
  serviceAccountJson(): string {
    return JSON.stringify({
      type: 'service_account',
      project_id: 'tagscout-test',
      private_key_id: randomBytes(8).toString('hex'),
      private_key: this.keys.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: 'play-verifier@tagscout-test.iam.gserviceaccount.com',
      client_id: '100000000000000000000',
      token_uri: `${this.url}/token`,
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', 'http://fake').pathname;

    if (request.method === 'POST' && path === '/token')
      return this.token(new URLSearchParams(body), response);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token))
      return googleError(response, 401, 'UNAUTHENTICATED', 'Invalid Credentials');
    this.purchaseCalls += 1;
    if (this.failWith)
      return googleError(response, this.failWith, 'UNAVAILABLE', 'The service is currently unavailable.');

    const base = `/androidpublisher/v3/applications/${this.packageName}/purchases`;
    const get = new RegExp(`^${base}/subscriptionsv2/tokens/([^/]+)$`).exec(path);
    if (request.method === 'GET' && get) {
      const purchase = this.purchases.get(decodeURIComponent(get[1]!));
      if (!purchase) return googleError(response, 404, 'NOT_FOUND', 'The purchase token was not found.');
      return send(response, 200, subscriptionPurchaseV2(purchase));
    }
    const ack = new RegExp(`^${base}/subscriptions/([^/]+)/tokens/([^/]+):acknowledge$`).exec(path);
    if (request.method === 'POST' && ack) {
      const purchaseToken = decodeURIComponent(ack[2]!);
      const purchase = this.purchases.get(purchaseToken);
      if (!purchase) return googleError(response, 404, 'NOT_FOUND', 'The purchase token was not found.');
      purchase.acknowledgementState = 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED';
      this.acknowledged.push(purchaseToken);
      response.writeHead(204).end();
      return;
    }
    return googleError(response, 404, 'NOT_FOUND', `No such method: ${request.method} ${path}`);
  }

  private token(form: URLSearchParams, response: ServerResponse) {
    const assertion = form.get('assertion') ?? '';
    const [header, claims, signature] = assertion.split('.');
    const isSigned =
      form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
      header !== undefined &&
      signature !== undefined &&
      createVerify('RSA-SHA256')
        .update(`${header}.${claims}`)
        .verify(this.keys.publicKey, Buffer.from(signature, 'base64url'));
    const payload = isSigned ? JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) : null;
    if (!payload || payload.aud !== GOOGLE_TOKEN_URL || !String(payload.scope).includes('androidpublisher')) {
      return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    }
    const accessToken = `ya29.${randomBytes(16).toString('hex')}`;
    this.tokens.add(accessToken);
    return send(response, 200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' });
  }
}

function subscriptionPurchaseV2(purchase: FakePurchase) {
  return {
    kind: 'androidpublisher#subscriptionPurchaseV2',
    regionCode: 'US',
    startTime: new Date(Date.parse(purchase.expiryTime) - 30 * 86_400_000).toISOString(),
    subscriptionState: purchase.subscriptionState,
    latestOrderId: `GPA.${randomBytes(2).toString('hex')}-0000-0000-00000`,
    acknowledgementState: purchase.acknowledgementState,
    lineItems: [
      {
        productId: purchase.productId,
        expiryTime: purchase.expiryTime,
        autoRenewingPlan: { autoRenewEnabled: purchase.subscriptionState === 'SUBSCRIPTION_STATE_ACTIVE' },
        offerDetails: { basePlanId: 'base' },
      },
    ],
    ...(purchase.obfuscatedExternalAccountId && {
      externalAccountIdentifiers: { obfuscatedExternalAccountId: purchase.obfuscatedExternalAccountId },
    }),
    testPurchase: {},
  };
}

function googleError(response: ServerResponse, code: number, status: string, message: string) {
  return send(response, code, { error: { code, message, status } });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}
