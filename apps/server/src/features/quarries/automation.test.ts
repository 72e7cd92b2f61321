import { AUTOMATION_TEMPLATE_DEFAULTS } from '@tagscout/core/quarries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';
import { clientFor, type TestClient } from './quarry-test-data.js';

describe.each(testDialects)('the automation settings template on %s', (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let otherAdmin: TestClient;

  beforeAll(async () => {
    testApp = await buildTestApp(dialect, { PROSPECTING_SCHEDULE_MINUTES: 0 });
    admin = clientFor(testApp.app, (await createTestViewer(testApp.app, 'admin')).headers);
    otherAdmin = clientFor(testApp.app, (await createTestViewer(testApp.app, 'admin')).headers);
  });
  afterAll(async () => testApp.close());

  it('starts from the default template', async () => {
    const response = await admin.get('/api/quarries/automation-template');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ template: AUTOMATION_TEMPLATE_DEFAULTS, updated_at: null });
  });

  it('stores a validated document per account, filling what it leaves out', async () => {
    const saved = await admin.put('/api/quarries/automation-template', {
      title: 'Lisbon bakeries',
      enabled: true,
      unfollow: { enabled: true, min: 10, max: 20, after_days: 3 },
      badwords: ['spam'],
      userInfo: { username: 'tagscout.demo' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { template, updated_at } = saved.json();
    expect(template).toEqual({
      ...AUTOMATION_TEMPLATE_DEFAULTS,
      title: 'Lisbon bakeries',
      enabled: true,
      unfollow: { ...AUTOMATION_TEMPLATE_DEFAULTS.unfollow, enabled: true, min: 10, max: 20, after_days: 3 },
      badwords: ['spam'],
      userInfo: { ...AUTOMATION_TEMPLATE_DEFAULTS.userInfo, username: 'tagscout.demo' },
    });
    expect(Date.parse(updated_at)).not.toBeNaN();
    expect((await admin.get('/api/quarries/automation-template')).json().template).toEqual(template);
    expect((await otherAdmin.get('/api/quarries/automation-template')).json().template).toEqual(
      AUTOMATION_TEMPLATE_DEFAULTS,
    );
  });

  it('refuses an invalid document and keeps the stored one', async () => {
    const before = (await admin.get('/api/quarries/automation-template')).json();
    for (const body of [
      { likeByTags: { min: 30, max: 20 } },
      { doLike: { percentage: 150 } },
      { userInfo: { password: 'secret' } },
      { owner_id: 'someone' },
    ]) {
      const response = await admin.put('/api/quarries/automation-template', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.get('/api/quarries/automation-template')).json()).toEqual(before);
  });
});
