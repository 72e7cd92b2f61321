import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Network } from '@tagscout/core/networks';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './db/connect.js';
import { storeIngest } from './features/store/store.repository.js';
import { testRedisUrl } from './jobs/redis-test-helpers.js';
import { BUILT_MAIN } from './test/built-server.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Cluster {
  port: number;
  databaseUrl: string;
  stop(): Promise<void>;
}

/** The built `main.ts` with WEB_CONCURRENCY=2 on a fresh SQLite file: resolves once both processes listen. */
async function startCluster(env: Record<string, string>): Promise<Cluster> {
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-cluster-'));
  const child: ChildProcess = spawn(process.execPath, [BUILT_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: join(folder, 'test.db'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      LOAD_SHEDDING: 'false',
      WEB_DIST: '/nonexistent',
      WEB_CONCURRENCY: '2',
      BLUESKY_JETSTREAM_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports: number[] = [];
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /ready on http:\/\/localhost:(\d+)/.exec(line);
      if (match) ports.push(Number(match[1]));
      if (ports.length === 2) resolve();
    });
  });
  return {
    port: ports[0]!,
    databaseUrl: join(folder, 'test.db'),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** One request on a connection of its own, so the primary hands it to the next process in turn. */
function request(
  port: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, json: JSON.parse(text || 'null') }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const statusesOf = async (port: number, times: number) => {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await request(port, 'GET', '/api/health')).status);
  return statuses;
};

// Three server processes start slowly on a busy machine: a worker loads the app in 2-3 s of CPU,
// 10 s on the wall at load average 8 and more at 20. The limit only ends a hung test.
// The two cases share nothing (a store, a port and a Redis prefix each): they run side by side.
describe.concurrent('WEB_CONCURRENCY: two server processes on one port', { timeout: 300_000 }, () => {
  it('without Redis, shares the rate limit between the processes: together they allow the limit', async ({
    onTestFinished,
  }) => {
    const cluster = await startCluster({ RATE_LIMIT_PER_MINUTE: '20' });
    onTestFinished(() => cluster.stop());
    const statuses = await statusesOf(cluster.port, 26);
    // Each process allows 10; connections go to each in turn, so the first 20 pass, the rest do not.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(6).fill(429));
  });

  it('with Redis, counts one limit for both, and every process sees new posts in related tags', async ({
    onTestFinished,
  }) => {
    // Posts written by another process (as the importer or another server process would).
    const cluster = await startCluster({
      RATE_LIMIT_PER_MINUTE: '30',
      REDIS_URL: testRedisUrl,
      JOB_QUEUE_PREFIX: `test-${randomUUID()}`,
      // Checked against the store on every request, so the reads below see the writes at once
      // (the recheck interval itself is covered in related-cache.test.ts).
      RELATED_CACHE_RECHECK_MS: '0',
    });
    onTestFinished(() => cluster.stop());
    const { port } = cluster;
    const writer = connectDatabase(cluster.databaseUrl);
    const related = async () => {
      const answer = await request(port, 'GET', '/api/info/hashtag/kite?recommended=1');
      expect(answer.status).toBe(200);
      const data = (answer.json as { data: { related_tags: { hashtag: string }[] }[] }).data[0]!;
      return data.related_tags.map((tag) => tag.hashtag).sort();
    };
    // Two posters each time: a related tag needs two people (decision 025).
    const ingest = async (id: string, tags: string[]) => {
      const posts = [1, 2].map((n) => ({
        postId: `${id}${n}`,
        owner: `o${n}`,
        takenAt: 1_700_000_000 + n,
        placeId: null,
        hashtags: tags,
      }));
      await storeIngest(writer, { posts, network: Network.instagram, source: 'test', now: Date.now() });
    };
    await ingest('a', ['kite', 'wind']);
    // Both processes compute and keep #kite's list...
    expect([await related(), await related()]).toEqual([['wind'], ['wind']]);
    // ...and both see posts written since.
    await ingest('b', ['kite', 'beach']);
    expect([await related(), await related()]).toEqual([
      ['beach', 'wind'],
      ['beach', 'wind'],
    ]);
    await writer.close();
    // 4 reads counted so far; one count in Redis for both processes: 26 more pass, then 429 (each
    // process counting alone would let all 30 pass).
    const statuses = await statusesOf(port, 30);
    expect(statuses.slice(0, 26)).toEqual(Array(26).fill(200));
    expect(statuses.slice(26)).toEqual(Array(4).fill(429));
  });
});
