import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { BUILT_MAIN } from './test/built-server.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

interface Server {
  port: number;
  /** SIGKILL to every process of the server (the primary and its workers), as a power cut would. */
  kill(): Promise<void>;
}

/**
 * The built `main.ts` on the SQLite file `file`, in a process group of its own: resolves once every process
 * listens and the store has been read ahead (the step that once dropped the server's locks).
 */
async function startServer(file: string, workers: number): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, [BUILT_MAIN], {
    cwd: REPO_ROOT,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: file,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      LOAD_SHEDDING: 'false',
      WEB_DIST: '/nonexistent',
      WEB_CONCURRENCY: String(workers),
      BLUESKY_JETSTREAM_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports: number[] = [];
  let isReadAhead = false;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /ready on http:\/\/localhost:(\d+)/.exec(line);
      if (match) ports.push(Number(match[1]));
      if (line.startsWith('Store read into the page cache')) isReadAhead = true;
      if (ports.length === workers && isReadAhead) resolve();
    });
  });
  return {
    port: ports[0]!,
    kill: async () => {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    },
  };
}

/** One analytics event, acknowledged (202) once the server has committed it; on a connection of its own. */
async function saveEvent(port: number, eventId: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({
      userDetail: {
        platform: 'web',
        device: `device-${eventId}`,
        appVersion: '1',
        group: 'free',
        trialStatus: 'none',
      },
      event: { eventId, eventType: 'appOpened' },
    }),
  });
  expect(response.status).toBe(202);
}

function storedEvents(file: string, eventIds: string[]): number {
  const store = new SqliteDatabase(file);
  try {
    const ids = new Set(
      store
        .prepare('select event_id as id from analytics_events')
        .all()
        .map((row) => (row as { id: string }).id),
    );
    return eventIds.filter((id) => ids.has(id)).length;
  } finally {
    store.close();
  }
}

// Issue 29: an operator's read of the live store with the sqlite3 command made it delete the WAL the
// server was writing into (the server had dropped its locks), and a kill -9 then lost every write since.
// Server processes start slowly on a busy machine (see cluster.test.ts): the limit only ends a hung test.
// The two cases share nothing (a store and a port each) and time nothing: they run side by side.
describe.concurrent('a live SQLite store read by an operator beside the server', { timeout: 300_000 }, () => {
  for (const workers of [1, 2]) {
    it(`keeps every acknowledged write through a kill -9 (${workers} server process${workers > 1 ? 'es' : ''})`, async () => {
      const folder = mkdtempSync(join(tmpdir(), 'tagscout-operator-'));
      let server: Server | undefined;
      try {
        const file = join(folder, 'store.db');
        // An existing store, as on every start but the first: the server reads it ahead.
        const database = connectDatabase(file);
        await migrateToLatest(database);
        await database.close();
        server = await startServer(file, workers);
        const eventIds = Array.from({ length: 21 }, () => randomUUID());
        // The operator counts the events every few saves, with the sqlite3 command.
        for (const [index, eventId] of eventIds.entries()) {
          await saveEvent(server.port, eventId);
          if (index % 5 > 0) continue;
          const { stdout } = await run('sqlite3', [file, 'select count(*) from analytics_events;']);
          expect(Number(stdout.trim())).toBe(index + 1);
        }

        await server.kill();
        server = undefined;
        expect(storedEvents(file, eventIds)).toBe(eventIds.length);
      } finally {
        await server?.kill();
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }
});
