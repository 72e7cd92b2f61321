import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';

describe('the apps: version check and configuration', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp('sqlite', {
      APP_MINIMUM_VERSION: '2.1.33',
      WEB_APP_ONLY: true,
      APP_STORE_URL: 'https://apps.apple.com/app/tagscout/id123',
    });
  });
  afterAll(async () => testApp?.close());

  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();

  it('asks apps older than the minimum to update, with their store page', async () => {
    expect(await get('/api/app/version-check?runningVersion=2.1.32&platform=ios')).toEqual({
      shouldUpdate: true,
      storeUrl: 'https://apps.apple.com/app/tagscout/id123',
    });
    expect(await get('/api/app/version-check?runningVersion=2.1.33&platform=android')).toEqual({
      shouldUpdate: false,
      storeUrl: 'https://play.google.com/store/apps/details?id=com.tagscout.app',
    });
    // The web is always the latest build.
    expect(await get('/api/app/version-check?runningVersion=1.0.0')).toEqual({
      shouldUpdate: false,
      storeUrl: null,
    });
  });

  it('tells the web whether it only points to the stores', async () => {
    expect(await get('/api/app/config')).toEqual({
      webAppOnly: true,
      storeUrls: {
        ios: 'https://apps.apple.com/app/tagscout/id123',
        android: 'https://play.google.com/store/apps/details?id=com.tagscout.app',
      },
      minimumVersion: '2.1.33',
    });
  });

  it('refuses to start with BILLING_PROVIDER=stripe and no keys, naming what is missing', async () => {
    const testDatabase = await createTestDatabase('sqlite');
    try {
      const config = loadConfig({}, { LOG_LEVEL: 'silent', SEED_CORPUS: false, BILLING_PROVIDER: 'stripe' });
      await expect(buildApp(config, { database: testDatabase.database })).rejects.toThrow(
        /BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY/,
      );
    } finally {
      await testDatabase.drop();
    }
  });
});
