import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

describe.each(testDialects)('health and the HTTP frame on %s', (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
  });
  afterAll(async () => testApp.close());

  it('answers health after a database round trip', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: dialect,
      version: testApp.app.config.version,
      bluesky: expect.objectContaining({ is_enabled: false, role: 'off', state: 'stopped' }),
    });
  });

  it('answers 500 in the error shape, with no details, when the database is gone', async () => {
    const broken = await buildTestApp(dialect);
    await broken.testDatabase.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    });
    await broken.app.close();
    await broken.testDatabase.drop().catch(() => {});
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No such endpoint: GET /api/nope' },
    });
  });

  it("sends security headers: a small fixed set on API answers, helmet's full set on pages", async () => {
    const api = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(api.headers['x-ratelimit-limit']).toBeDefined();
    const page = await testApp.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves OpenAPI generated from the zod schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health'].get.responses['200']).toBeDefined();
  });
});

describe('global rate limit', () => {
  it('answers 429 in the error shape once a client passes the limit', async () => {
    const testApp = await buildTestApp('sqlite', { RATE_LIMIT_PER_MINUTE: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(limited.json().error.code).toBe('rate_limited');
    await testApp.close();
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop is stalled, and recovers', async () => {
    const testApp = await buildTestApp('sqlite', { LOAD_SHEDDING: true });
    const { app } = testApp;
    // A request arrives, then a handler blocks the event loop for 1.5 s (docs/security-policy.md#fault-tests).
    const arriving = app.inject({ method: 'GET', url: '/api/health' });
    const stalledUntil = Date.now() + 1500;
    while (Date.now() < stalledUntil) {
      // the stalling handler
    }
    const shed = await arriving;
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBeDefined();

    let recovered = 0;
    for (let waited = 0; waited < 5000 && recovered !== 200; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recovered = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    }
    expect(recovered).toBe(200);
    await testApp.close();
  });
});
