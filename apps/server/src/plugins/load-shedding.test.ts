import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

interface LogLine {
  level: number;
  msg: string;
  shed?: number;
  err?: unknown;
}

const WARN = 40;

describe('load shedding', () => {
  let testApp: TestApp;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    testApp = await buildTestApp(
      'sqlite',
      { LOAD_SHEDDING: true, LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(async () => testApp?.close());

  it("answers a stalled server's requests with a fast 503 and Retry-After, counted in one warn line a second", async () => {
    const { app } = testApp;
    const probe = app as typeof app & { isUnderPressure: () => boolean };
    for (let waited = 0; probe.isUnderPressure() && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stalledUntil = Date.now() + 1500;
    while (Date.now() < stalledUntil) {
      // A handler blocking the event loop for 1.5 s: every request after it is late.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => app.inject({ method: 'GET', url: '/api/autocomplete/hashtag/a' })),
    );
    const shed = answers.filter((answer) => answer.statusCode === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(5);
      expect(answer.json().error.code).toBe('unavailable');
    }

    const reported = () =>
      lines.filter((line) => line.level === WARN && line.shed !== undefined).reduce((n, l) => n + l.shed!, 0);
    for (let waited = 0; reported() < shed.length && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(reported()).toBe(shed.length);
    const warnLines = lines.filter((line) => line.level === WARN && line.shed !== undefined);
    // All 503s of one burst fall in one or two one-second reports, never one line each.
    expect(warnLines.length).toBeLessThanOrEqual(2);
    expect(warnLines[0]!.msg).toMatch(/answered \d+ requests 503/);
    // Nothing logged per request, no error lines, no stacks.
    expect(lines.filter((line) => line.level > WARN)).toEqual([]);
    expect(lines.some((line) => line.err !== undefined)).toBe(false);
  });
});
