import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewer, testClock } from '../../test/test-users.js';
import { readMe } from './testing/billing-test-kit.js';
import { FakeGooglePlay, type FakePurchase } from './testing/fake-google-play.js';

const MONTHLY = 'com.tagscout.app.pro.monthly';
const DAY_MS = 86_400_000;

describe.each(testDialects)('Google Play purchases on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  const google = new FakeGooglePlay();
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-play-'));
  let tokenNumber = 0;

  beforeAll(async () => {
    const url = await google.start();
    const accountFile = join(folder, 'service-account.json');
    writeFileSync(accountFile, google.serviceAccountJson());
    testApp = await buildTestApp(dialect, {
      now: clock.now,
      GOOGLE_PLAY_PACKAGE_NAME: google.packageName,
      GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: accountFile,
      GOOGLE_PLAY_API_URL: url,
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await google.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const app = () => testApp.app;
  const onAndroid = (viewer: TestViewer) => ({ ...viewer.headers, 'x-platform': 'android' });

  async function tokenOf(viewer: TestViewer): Promise<string> {
    return (
      await app().inject({ method: 'GET', url: '/api/store/account-token', headers: viewer.headers })
    ).json().accountToken;
  }

  /** A purchase Google knows, made by `viewer` unless the fields say otherwise. */
  async function purchase(viewer: TestViewer, fields: Partial<FakePurchase> = {}): Promise<string> {
    const purchaseToken = `token-${dialect}-${++tokenNumber}.${'x'.repeat(40)}`;
    google.purchases.set(purchaseToken, {
      productId: MONTHLY,
      expiryTime: new Date(clock.now() + 30 * DAY_MS).toISOString(),
      subscriptionState: 'SUBSCRIPTION_STATE_ACTIVE',
      acknowledgementState: 'ACKNOWLEDGEMENT_STATE_PENDING',
      obfuscatedExternalAccountId: await tokenOf(viewer),
      ...fields,
    });
    return purchaseToken;
  }

  async function verify(viewer: TestViewer, purchaseToken: string, productId = MONTHLY) {
    return app().inject({
      method: 'POST',
      url: '/api/store/android-verify',
      headers: onAndroid(viewer),
      payload: { purchaseToken, productId },
    });
  }

  const isValid = async (viewer: TestViewer, purchaseToken: string, productId = MONTHLY) => {
    const response = await verify(viewer, purchaseToken, productId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().return.validSubscription as boolean;
  };

  it('grants an active purchase, then acknowledges it with Google', async () => {
    const viewer = await createTestViewer(app(), 'anonymousTrial');
    const token = await purchase(viewer);
    expect(await isValid(viewer, token)).toBe(true);
    expect(google.acknowledged).toContain(token);
    const me = await readMe(app(), onAndroid(viewer));
    expect(me.capabilities).toMatchObject({ group: 'mobileCustomer', isPaying: true });
    // Checked again at the next start: still valid, not acknowledged twice.
    expect(await isValid(viewer, token)).toBe(true);
    expect(google.acknowledged.filter((item) => item === token)).toHaveLength(1);
  });

  it('keeps a cancelled subscription until its paid period ends', async () => {
    const viewer = await createTestViewer(app(), 'anonymousTrial');
    const token = await purchase(viewer, {
      subscriptionState: 'SUBSCRIPTION_STATE_CANCELED',
      acknowledgementState: 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
    });
    expect(await isValid(viewer, token)).toBe(true);
  });

  it('answers false for expired, held, unknown, foreign and mismatched purchases', async () => {
    const viewer = await createTestViewer(app(), 'anonymousTrial');
    const stranger = await createTestViewer(app(), 'anonymousTrial');
    const past = new Date(clock.now() - DAY_MS).toISOString();
    const cases: Record<string, [string, string?]> = {
      expired: [
        await purchase(viewer, { subscriptionState: 'SUBSCRIPTION_STATE_EXPIRED', expiryTime: past }),
      ],
      activeButPast: [await purchase(viewer, { expiryTime: past })],
      onHold: [await purchase(viewer, { subscriptionState: 'SUBSCRIPTION_STATE_ON_HOLD' })],
      unknownToken: ['token-google-never-issued'],
      otherAccount: [await purchase(stranger)],
      noAccountId: [await purchase(viewer, { obfuscatedExternalAccountId: undefined })],
      otherProduct: [await purchase(viewer), 'com.tagscout.app.pro.annual'],
      notOurProduct: [await purchase(viewer), 'com.example.gold'],
    };
    for (const [name, [token, productId]] of Object.entries(cases)) {
      expect(await isValid(viewer, token, productId), name).toBe(false);
    }
    expect((await readMe(app(), onAndroid(viewer))).account.hasValidStoreSubscription).toBe(false);
  });

  it('binds a purchase token to the first account that checks it', async () => {
    const owner = await createTestViewer(app(), 'anonymousTrial');
    const other = await createTestViewer(app(), 'anonymousTrial');
    const token = await purchase(owner);
    expect(await isValid(owner, token)).toBe(true);
    // Even if the other account's id were on it, a token belongs to one account.
    google.purchases.get(token)!.obfuscatedExternalAccountId = await tokenOf(other);
    expect(await isValid(other, token)).toBe(false);
    expect((await readMe(app(), onAndroid(other))).account.hasValidStoreSubscription).toBe(false);
  });

  it('fails closed while Google is down: 503, nothing granted', async () => {
    const viewer = await createTestViewer(app(), 'anonymousTrial');
    const token = await purchase(viewer);
    google.failWith = 503;
    try {
      const callsBefore = google.purchaseCalls;
      const response = await verify(viewer, token);
      expect(response.statusCode).toBe(503);
      // The first try and two retries.
      expect(google.purchaseCalls - callsBefore).toBe(3);
      expect((await readMe(app(), onAndroid(viewer))).account.hasValidStoreSubscription).toBe(false);
    } finally {
      google.failWith = null;
    }
    expect(await isValid(viewer, token)).toBe(true);
  });
});
