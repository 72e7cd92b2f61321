import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';

describe('where the apps are, and billing configuration', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp('sqlite', {
      WEB_APP_ONLY: true,
      APP_STORE_URL: 'https://apps.apple.com/app/tagscout/id123',
    });
  });
  afterAll(async () => testApp?.close());

  const get = async (url: string) => (await testApp.app.inject({ method: 'GET', url })).json();

  it('tells the web whether it only points to the stores', async () => {
    expect(await get('/api/app/config')).toEqual({
      webAppOnly: true,
      storeUrls: {
        ios: 'https://apps.apple.com/app/tagscout/id123',
        android: 'https://play.google.com/store/apps/details?id=com.tagscout.app',
      },
    });
  });

  it('refuses to start with BILLING_PROVIDER=stripe and no keys, naming what is missing', async () => {
    const testDatabase = await createTestDatabase('sqlite');
    try {
      const config = loadConfig({}, { LOG_LEVEL: 'silent', BILLING_PROVIDER: 'stripe' });
      await expect(buildApp(config, { database: testDatabase.database })).rejects.toThrow(
        /BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY/,
      );
    } finally {
      await testDatabase.drop();
    }
  });
});
