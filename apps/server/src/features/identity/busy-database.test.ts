import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { createTestViewer, freshIp, TEST_PASSWORD } from '../../test/test-users.js';

/** PostgreSQL's pool full for longer than its connection time-out: sign-in answers 503, not 500. */
describe.runIf(testDialects.includes('postgres'))('sign-in while the database pool is full', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp('postgres');
  });
  afterAll(async () => testApp.close());

  it('answers 503 with Retry-After, and signs in once a connection is free', async () => {
    const viewer = await createTestViewer(testApp.app, 'paying');
    const signIn = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/account/sign-in',
        payload: { email: viewer.email, password: TEST_PASSWORD },
        headers: { origin: 'http://localhost:80' },
        remoteAddress: freshIp(),
      });
    const pool = testApp.app.database.pool!;
    const held: PoolClient[] = [];
    while (held.length < pool.options.max) held.push(await pool.connect());
    try {
      const answers = await Promise.all(Array.from({ length: 3 }, signIn));
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json()).toMatchObject({ error: { code: 'unavailable' } });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      for (const client of held) client.release();
    }
    expect((await signIn()).statusCode).toBe(200);
  });
});
