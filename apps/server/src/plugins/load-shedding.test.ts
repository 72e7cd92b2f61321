import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
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
    // 40 requests arrive, then a handler blocks the event loop for 1.5 s: they are read late.
    const arriving = Array.from({ length: 40 }, () =>
      app.inject({ method: 'GET', url: '/api/autocomplete/hashtag/a' }),
    );
    const stalledUntil = Date.now() + 1500;
    while (Date.now() < stalledUntil) {
      // the stalling handler
    }
    const answers = await Promise.all(arriving);
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

const OVERLOAD_SERVER = fileURLToPath(new URL('../test/overload-server.ts', import.meta.url));

/** test/overload-server.ts in a process of its own (the load must not share its event loop). */
async function startOverloadServer(busyMs: number): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', OVERLOAD_SERVER],
    {
      env: { ...process.env, BUSY_MS: String(busyMs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /ready on (\d+)/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  ms: number;
}

/**
 * `connections` keep-alive connections, opened at once, each sending its next request as soon as
 * the last is answered, for `seconds`. Errors and requests unanswered after 5 s are failures.
 */
async function hammer(port: number, connections: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const answers: Answer[] = [];
  const failures: string[] = [];
  const send = () =>
    new Promise<Answer>((resolve, reject) => {
      const started = performance.now();
      const outgoing = http.get({ host: '127.0.0.1', port, path: '/api/busy', agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            ms: performance.now() - started,
          }),
        );
      });
      outgoing.setTimeout(5000, () => outgoing.destroy(new Error('no answer within 5 s')));
      outgoing.on('error', reject);
    });
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        try {
          answers.push(await send());
        } catch (error) {
          failures.push(String(error));
        }
      }
    }),
  );
  agent.destroy();
  return { answers, failures };
}

describe('load shedding under overload', { timeout: 60_000 }, () => {
  it('answers every request of 400 busy connections within 2 s (new connections included), most 200 and the rest 503 with Retry-After', async () => {
    const server = await startOverloadServer(0.6);
    try {
      // 400 connections asking for 0.6 ms of CPU each: about 0.25 s of work per round on one core.
      // Node accepts one new connection per loop turn, so without bounded turns the last ones
      // wait for seconds before the server reads them.
      const { answers, failures } = await hammer(server.port, 400, 4);
      expect(failures).toEqual([]);
      const worst = Math.max(...answers.map((answer) => answer.ms));
      expect(worst).toBeLessThan(2000);
      for (const answer of answers) {
        expect([200, 503]).toContain(answer.status);
        if (answer.status === 503) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      // A round of all 400 takes about a quarter of a second, well within the 1 s a request may wait for
      // its turn: most are answered, not shed (a loop busy 98% of the time is not by itself a reason).
      const answered = answers.filter((answer) => answer.status === 200).length;
      expect(answered).toBeGreaterThan(answers.length / 2);
    } finally {
      await server.stop();
    }
  });

  it('forgets requests whose clients hung up while they waited for their turn: later ones are answered 200', async () => {
    const server = await startOverloadServer(1.2);
    try {
      // 400 requests at once (0.48 s of work): over 256 still wait for a later turn when their
      // clients hang up.
      await sendAndHangUp(server.port, 'GET /api/busy HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n', 400, 100);
      // Once the server has worked through them, a request is answered, not shed as if 256 were in flight.
      const status = await statusOnceWorkedThrough(server.port);
      expect(status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('forgets requests whose clients hung up while the server worked on them, their bodies read', async () => {
    const server = await startOverloadServer(1.2);
    try {
      // 300 posts (more than the 256 allowed in flight), each hung up on while its handler waits.
      const post =
        'POST /api/slow HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}';
      await sendAndHangUp(server.port, post, 300, 150);
      expect(await statusOnceWorkedThrough(server.port)).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

/**
 * Sends `request` on `count` connections at once and hangs them all up `afterMs` later (the time for
 * the server to read them; nothing outside the server shows when it has).
 */
async function sendAndHangUp(port: number, request: string, count: number, afterMs: number): Promise<void> {
  const sockets = Array.from({ length: count }, () =>
    net.connect(port, '127.0.0.1', function (this: net.Socket) {
      this.write(request);
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  for (const socket of sockets) socket.destroy();
}

/** The status of GET /api/busy, asked every 100 ms until it is 200 or 5 s have passed. */
async function statusOnceWorkedThrough(port: number): Promise<number> {
  let status = 0;
  for (let waited = 0; waited < 5000 && status !== 200; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = await statusOf(port);
  }
  return status;
}

function statusOf(port: number): Promise<number> {
  return new Promise<number>((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port, path: '/api/busy', agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', reject),
  );
}
