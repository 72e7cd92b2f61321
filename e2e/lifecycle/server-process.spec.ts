import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServer } from '../fixtures';

const mainScript = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps/server/dist/main.js');

describe('the server process', () => {
  // Two servers of their own, side by side: nothing here is timed.
  it.concurrent.each(['SIGTERM', 'SIGINT'] as const)(
    'stops gracefully on %s, finishing requests and closing the database',
    async (signal) => {
      const server = await startServer();
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });

      // A large response held half-read by the client is a request the server is still serving.
      const page = await (await fetch(server.url)).text();
      const bundlePath = page.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
      const response = await openPausedResponse(`${server.url}${bundlePath}`);
      const exited = new Promise<number | null>((resolve) =>
        server.process.once('exit', (code) => resolve(code)),
      );
      server.process.kill(signal);
      const body = await readAll(response);
      expect(response.statusCode).toBe(200);
      expect(body.length).toBe(Number(response.headers['content-length']));
      expect(await exited).toBe(0);
      // better-sqlite3 checkpoints and removes the write-ahead log only when the database is closed cleanly.
      const wal = `${server.databasePath}-wal`;
      expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
      await server.stop();
    },
  );

  it('refuses a bad environment value with one line naming it', () => {
    const result = spawnSync(process.execPath, [mainScript], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: ':memory:' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment: PORT="abc" /);
  });
});

function openPausedResponse(url: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'identity' } }, (response) => {
      response.pause();
      resolve(response);
    }).on('error', reject);
  });
}

async function readAll(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
