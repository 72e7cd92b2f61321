import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, type TestViewer, testClock } from '../../test/test-users.js';
import { sweepBilling } from './billing.startup.js';
import { createTestCertificateChain, signJws, transactionPayload } from './testing/apple-test-ca.js';
import { readMe } from './testing/billing-test-kit.js';

const HOUR_MS = 3_600_000;

describe.each(testDialects)('App Store purchases on %s', (dialect) => {
  let testApp: TestApp;
  const clock = testClock();
  const chain = createTestCertificateChain();
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-apple-'));

  beforeAll(async () => {
    const rootPath = join(folder, 'TestRootCA.cer');
    writeFileSync(rootPath, chain.root);
    testApp = await buildTestApp(dialect, {
      now: clock.now,
      APPLE_ROOT_CERTIFICATES: rootPath,
      APPLE_ENVIRONMENT: 'Sandbox',
      APPLE_ONLINE_CHECKS: false,
      APPLE_BUNDLE_ID: 'com.tagscout.app',
    });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const app = () => testApp.app;
  const onIos = (viewer: TestViewer) => ({ ...viewer.headers, 'x-platform': 'ios' });

  async function tokenOf(viewer: TestViewer): Promise<string> {
    const response = await app().inject({
      method: 'GET',
      url: '/api/store/account-token',
      headers: viewer.headers,
    });
    return response.json().accountToken;
  }

  async function verify(viewer: TestViewer, receipt: string) {
    const response = await app().inject({
      method: 'POST',
      url: '/api/store/ios-verify',
      headers: onIos(viewer),
      payload: { receipt },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().return.validSubscription as boolean;
  }

  it('gives each user a stable account token in UUID form', async () => {
    const a = await createTestViewer(app(), 'anonymousTrial');
    const b = await createTestViewer(app(), 'anonymousTrial');
    const token = await tokenOf(a);
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await tokenOf(a)).toBe(token);
    expect(await tokenOf(b)).not.toBe(token);
  });

  it('accepts a valid transaction and makes the user a mobile customer on the app', async () => {
    const viewer = await createTestViewer(app(), 'anonymousTrial');
    const receipt = signJws(chain, transactionPayload({ appAccountToken: await tokenOf(viewer) }));
    expect(await verify(viewer, receipt)).toBe(true);
    const me = await readMe(app(), onIos(viewer));
    expect(me.account.hasValidStoreSubscription).toBe(true);
    expect(me.capabilities).toMatchObject({
      group: 'mobileCustomer',
      isPaying: true,
      canRemoveBranding: true,
    });
    // Sending it again (the app checks at every start) changes nothing.
    expect(await verify(viewer, receipt)).toBe(true);
  });

  it('answers false for an expired, a revoked and a tampered transaction', async () => {
    const viewer = await createTestViewer(app(), 'emailTrial');
    const token = await tokenOf(viewer);
    const expired = transactionPayload({ appAccountToken: token, expiresDate: clock.now() - 1000 });
    expect(await verify(viewer, signJws(chain, expired))).toBe(false);

    const valid = transactionPayload({ appAccountToken: token });
    const validReceipt = signJws(chain, valid);
    const [header, , signature] = validReceipt.split('.');
    const longer = { ...valid, expiresDate: clock.now() + 100 * 365 * 86_400_000 };
    const tampered = `${header}.${Buffer.from(JSON.stringify(longer)).toString('base64url')}.${signature}`;
    expect(await verify(viewer, tampered)).toBe(false);
    expect((await readMe(app(), onIos(viewer))).capabilities.group).toBe('trial');

    expect(await verify(viewer, validReceipt)).toBe(true);
    expect((await readMe(app(), onIos(viewer))).capabilities.group).toBe('mobileCustomer');
    // Apple refunds it: the revoked transaction (same original transaction) ends the entitlement.
    const revoked = {
      ...valid,
      transactionId: `${valid.transactionId}1`,
      revocationDate: clock.now(),
      revocationReason: 0,
    };
    expect(await verify(viewer, signJws(chain, revoked))).toBe(false);
    const me = await readMe(app(), onIos(viewer));
    expect(me.account.hasValidStoreSubscription).toBe(false);
    expect(me.capabilities.group).not.toBe('mobileCustomer');
  });

  it('refuses transactions Apple did not sign for this app and this account', async () => {
    const viewer = await createTestViewer(app(), 'anonymousTrial');
    const stranger = await createTestViewer(app(), 'anonymousTrial');
    const token = await tokenOf(viewer);
    const otherChain = createTestCertificateChain('Someone Else');
    const cases = {
      otherRoot: signJws(otherChain, transactionPayload({ appAccountToken: token })),
      otherAccount: signJws(chain, transactionPayload({ appAccountToken: await tokenOf(stranger) })),
      noAccount: signJws(chain, transactionPayload({})),
      otherApp: signJws(chain, transactionPayload({ appAccountToken: token, bundleId: 'com.example.other' })),
      otherEnvironment: signJws(
        chain,
        transactionPayload({ appAccountToken: token, environment: 'Production' }),
      ),
      otherProduct: signJws(
        chain,
        transactionPayload({ appAccountToken: token, productId: 'com.example.gold' }),
      ),
      notAJws: 'not.a.jws',
    };
    for (const [name, receipt] of Object.entries(cases)) {
      expect(await verify(viewer, receipt), name).toBe(false);
    }
    expect((await readMe(app(), onIos(viewer))).account.hasValidStoreSubscription).toBe(false);
  });

  it('binds a subscription to one account: the same original transaction is refused for another', async () => {
    const first = await createTestViewer(app(), 'anonymousTrial');
    const second = await createTestViewer(app(), 'anonymousTrial');
    const originalTransactionId = `orig-${dialect}-shared`;
    expect(
      await verify(
        first,
        signJws(chain, transactionPayload({ originalTransactionId, appAccountToken: await tokenOf(first) })),
      ),
    ).toBe(true);
    expect(
      await verify(
        second,
        signJws(chain, transactionPayload({ originalTransactionId, appAccountToken: await tokenOf(second) })),
      ),
    ).toBe(false);
    expect((await readMe(app(), onIos(second))).account.hasValidStoreSubscription).toBe(false);
  });

  it('ends the entitlement when the subscription runs out, by the server clock', async () => {
    const viewer = await createTestViewer(app(), 'anonymousTrial');
    const receipt = signJws(
      chain,
      transactionPayload({ appAccountToken: await tokenOf(viewer), expiresDate: clock.now() + HOUR_MS }),
    );
    expect(await verify(viewer, receipt)).toBe(true);
    clock.advance(2 * HOUR_MS);
    try {
      await sweepBilling(app().billing);
      const me = await readMe(app(), onIos(viewer));
      expect(me.account.hasValidStoreSubscription).toBe(false);
      expect(me.capabilities.group).not.toBe('mobileCustomer');
    } finally {
      clock.advance(-2 * HOUR_MS);
    }
  });

  it('needs a session, and says when Google Play is not set up', async () => {
    const signedOut = await app().inject({
      method: 'POST',
      url: '/api/store/ios-verify',
      headers: { origin: 'http://localhost:80' },
      payload: { receipt: 'x' },
    });
    expect(signedOut.statusCode).toBe(401);
    const viewer = await createTestViewer(app(), 'anonymousTrial');
    const android = await app().inject({
      method: 'POST',
      url: '/api/store/android-verify',
      headers: viewer.headers,
      payload: { purchaseToken: 't', productId: 'com.tagscout.app.pro.monthly' },
    });
    expect(android.statusCode).toBe(404);
    expect(android.json().error.code).toBe('billing_not_configured');
  });
});

describe("App Store purchases when Apple's online check cannot answer", () => {
  let testApp: TestApp;
  let ocspResponder: Server;
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-apple-ocsp-'));

  beforeAll(async () => {
    // Apple's OCSP responder, failing (as when it cannot be reached through a proxy or is down).
    ocspResponder = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => ocspResponder.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await testApp?.close();
    await new Promise((resolve) => ocspResponder.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers "try again" (503), not "invalid", and grants nothing; a forged chain is still invalid', async () => {
    const { port } = ocspResponder.address() as AddressInfo;
    const chain = createTestCertificateChain('Tagscout OCSP', { ocspUrl: `http://127.0.0.1:${port}/ocsp` });
    const rootPath = join(folder, 'TestRootCA.cer');
    writeFileSync(rootPath, chain.root);
    testApp = await buildTestApp('sqlite', {
      APPLE_ROOT_CERTIFICATES: rootPath,
      APPLE_ENVIRONMENT: 'Sandbox',
      APPLE_ONLINE_CHECKS: true,
      APPLE_BUNDLE_ID: 'com.tagscout.app',
    });
    const { app } = testApp;
    const viewer = await createTestViewer(app, 'anonymousTrial');
    const headers = { ...viewer.headers, 'x-platform': 'ios' };
    const token = await app.inject({ method: 'GET', url: '/api/store/account-token', headers });
    const receipt = signJws(chain, transactionPayload({ appAccountToken: token.json().accountToken }));
    const verify = (body: string) =>
      app.inject({ method: 'POST', url: '/api/store/ios-verify', headers, payload: { receipt: body } });

    const retry = await verify(receipt);
    expect(retry.statusCode, retry.body).toBe(503);
    expect(retry.json()).toMatchObject({
      error: { code: 'unavailable', message: expect.stringContaining('Try again') },
    });
    expect((await readMe(app, headers)).account.hasValidStoreSubscription).toBe(false);

    const stranger = createTestCertificateChain('Not Apple', { ocspUrl: `http://127.0.0.1:${port}/ocsp` });
    const forged = await verify(
      signJws(stranger, transactionPayload({ appAccountToken: token.json().accountToken })),
    );
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ return: { validSubscription: false } });
  });
});
