import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer } from '../../test/test-users.js';

describe.each(testDialects)("a user's settings kept with the account on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
  });
  afterAll(async () => testApp.close());

  const read = (headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url: '/api/account/settings', headers });
  const write = (headers: Record<string, string>, payload: object) =>
    testApp.app.inject({ method: 'PUT', url: '/api/account/settings', headers, payload });

  it('remembers the Copy for network per account, each user their own', async () => {
    const ana = await createTestViewer(testApp.app, 'emailTrial');
    const bruno = await createTestViewer(testApp.app, 'paying');
    expect((await read(ana.headers)).json()).toEqual({ copyNetwork: null });

    const saved = await write(ana.headers, { copyNetwork: 'threads' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ copyNetwork: 'threads' });
    expect((await write(bruno.headers, { copyNetwork: 'youtube' })).statusCode).toBe(200);
    expect((await write(ana.headers, { copyNetwork: 'bluesky' })).json()).toEqual({ copyNetwork: 'bluesky' });

    expect((await read(ana.headers)).json()).toEqual({ copyNetwork: 'bluesky' });
    expect((await read(bruno.headers)).json()).toEqual({ copyNetwork: 'youtube' });
    // Leaving a setting out keeps it.
    expect((await write(bruno.headers, {})).json()).toEqual({ copyNetwork: 'youtube' });
  });

  it('refuses what Copy for does not offer, fields it does not know, and visitors without a session', async () => {
    const { headers } = await createTestViewer(testApp.app, 'free');
    for (const payload of [
      { copyNetwork: 'myspace' },
      { copyNetwork: 5 },
      { copyNetwork: 'x', userId: 'u2' },
    ]) {
      const refused = await write(headers, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid_request');
    }
    expect((await read(headers)).json()).toEqual({ copyNetwork: null });
    const visitor = { 'x-device-id': '00000000-0000-4000-8000-000000000001' };
    expect((await read(visitor)).statusCode).toBe(401);
    expect((await write(visitor, { copyNetwork: 'x' })).statusCode).toBe(401);
  });
});
