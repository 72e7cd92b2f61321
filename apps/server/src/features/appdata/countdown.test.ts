import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

import { COUNTDOWN_SETTING, toEpochSeconds } from './countdown.service.js';

describe.each(testDialects)('the live-event countdown on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { COUNTDOWN_DATE: '2030-01-02T03:04:05Z' });
  });
  afterAll(async () => testApp.close());

  const countdown = async () => (await testApp.app.inject({ method: 'GET', url: '/api/countdown' })).json();

  it('answers COUNTDOWN_DATE in seconds, as return.countDownDate', async () => {
    expect(await countdown()).toEqual({ return: { countDownDate: Date.UTC(2030, 0, 2, 3, 4, 5) / 1000 } });
  });

  it('prefers the settings table, which the admin screen will edit', async () => {
    await testApp.app.database.db
      .insertInto('settings')
      .values({ key: COUNTDOWN_SETTING, value: '1900000000', updated_at: Date.now() })
      .execute();
    expect(await countdown()).toEqual({ return: { countDownDate: 1_900_000_000 } });
  });

  it('reads ISO dates and epoch seconds, and 0 for nothing', () => {
    expect(toEpochSeconds(undefined)).toBe(0);
    expect(toEpochSeconds('nonsense')).toBe(0);
    expect(toEpochSeconds('1700000000')).toBe(1_700_000_000);
    expect(toEpochSeconds('2024-01-01T00:00:00Z')).toBe(1_704_067_200);
  });
});
