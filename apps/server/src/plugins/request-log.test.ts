import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../config.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

interface LogLine {
  level: number;
  msg: string;
  requests?: number;
  byStatus?: Record<string, number>;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
}

const DEBUG = 20;
const INFO = 30;
const ERROR = 50;

describe('request logging', () => {
  let testApp: TestApp | undefined;
  const lines: LogLine[] = [];
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
    lines.length = 0;
  });

  async function start(level: Config['LOG_LEVEL']) {
    testApp = await buildTestApp(
      'sqlite',
      { LOG_LEVEL: level },
      { logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) } },
    );
    lines.length = 0;
    return testApp.app;
  }

  it('writes no line per request at the default level: one info line a second counts them', async () => {
    const app = await start('info');
    for (let i = 0; i < 15; i++) await app.inject({ method: 'GET', url: '/api/health' });
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/api/no-such-route' });

    const counted = () => lines.filter((line) => line.requests !== undefined);
    await vi.waitFor(() => expect(counted().reduce((sum, line) => sum + line.requests!, 0)).toBe(20), {
      timeout: 5000,
    });
    // A burst falls in one or two one-second lines, never one line per request.
    expect(counted().length).toBeLessThanOrEqual(2);
    for (const line of counted()) {
      expect(line.level).toBe(INFO);
      expect(line.msg).toMatch(/^answered \d+ requests in the last second$/);
    }
    const byStatus = counted().reduce<Record<string, number>>((sum, line) => {
      for (const [status, n] of Object.entries(line.byStatus!)) sum[status] = (sum[status] ?? 0) + n;
      return sum;
    }, {});
    expect(byStatus).toEqual({ 200: 15, 404: 5 });
    expect(lines.filter((line) => line.requests === undefined)).toEqual([]);
  });

  it('writes each request at debug: method, path, status and time', async () => {
    const app = await start('debug');
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'POST', url: '/api/no-such-route' });
    const perRequest = lines.filter((line) => line.statusCode !== undefined);
    expect(
      perRequest.map(({ level, method, url, statusCode }) => ({ level, method, url, statusCode })),
    ).toEqual([
      { level: DEBUG, method: 'GET', url: '/api/health', statusCode: 200 },
      { level: DEBUG, method: 'POST', url: '/api/no-such-route', statusCode: 404 },
    ]);
    for (const line of perRequest) expect(line.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('keeps the error line of a request that failed', async () => {
    const app = await start('info');
    // A store that lost a table: the autocomplete query fails.
    await sql`drop table hashtags`.execute(app.database.db);
    const failed = await app.inject({ method: 'GET', url: '/api/autocomplete/hashtag/travel' });
    expect(failed.statusCode).toBe(500);
    const errors = lines.filter((line) => line.level === ERROR);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.msg).toBe('request failed');
  });
});
