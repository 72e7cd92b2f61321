import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MATRIX, rowUrl } from '../../test/access-matrix.rows.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import {
  createTestViewer,
  freshIp,
  TEST_VIEWER_KINDS,
  type TestViewer,
  type TestViewerKind,
} from '../../test/test-users.js';

describe.each(testDialects)('access matrix on %s', (dialect) => {
  let testApp: TestApp;
  const viewers = new Map<TestViewerKind, TestViewer>();

  beforeAll(async () => {
    // Payments through the local provider, so checkout and portal answer by who asks (a server that
    // may be public, as the test app's default HOST is, has payments off: billing.test.ts).
    testApp = await buildTestApp(dialect, { BILLING_PROVIDER: 'local' });
    for (const kind of TEST_VIEWER_KINDS) viewers.set(kind, await createTestViewer(testApp.app, kind));
  });
  afterAll(async () => testApp.close());

  it('has exactly one row for every /api route', () => {
    const key = (route: { method: string; url?: string; route?: string }) =>
      `${route.method} ${route.route ?? route.url}`;
    const registered = testApp.app.apiRoutes.map(key).sort();
    const rows = ACCESS_MATRIX.map(key).sort();
    expect(new Set(rows).size, 'duplicate rows').toBe(rows.length);
    expect(
      registered.filter((route) => !rows.includes(route)),
      'routes without a row in ACCESS_MATRIX',
    ).toEqual([]);
    expect(
      rows.filter((row) => !registered.includes(row)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it.each(ACCESS_MATRIX.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s answers each kind of visitor as the matrix says',
    async (_name, row) => {
      const outcomes: Partial<Record<TestViewerKind, string>> = {};
      for (const kind of TEST_VIEWER_KINDS) {
        const viewer =
          row.freshViewer && kind !== 'none' ? await createTestViewer(testApp.app, kind) : viewers.get(kind);
        if (!viewer) throw new Error(`no ${kind} viewer`);
        const url = rowUrl(row, viewer);
        const response = await testApp.app.inject({
          method: row.method,
          url,
          headers: viewer.headers,
          remoteAddress: freshIp(),
          ...(row.body && { payload: row.body() as object }),
        });
        expect(response.statusCode, `${kind}: ${response.body}`).toBeLessThan(500);
        const code =
          response.statusCode >= 400 ? (response.json() as { error?: { code?: string } }).error?.code : null;
        const isDenied =
          (response.statusCode === 401 && code === 'unauthorized') ||
          (response.statusCode === 403 && code === 'forbidden');
        outcomes[kind] = isDenied ? 'deny' : 'allow';
      }
      expect(outcomes).toEqual(row.expect);
    },
  );
});
