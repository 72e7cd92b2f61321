import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it, vi } from 'vitest';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// npm passes a SIGTERM only to its own child (a shell, unless the script execs), so `kill <npm pid>`
// must reach the server through it; Ctrl-C sends SIGINT to every process of the terminal's group.
it.each([
  ['SIGTERM', 'npm'],
  ['SIGINT', 'its process group (Ctrl-C)'],
] as const)(
  'stops everything `npm start` started, gracefully, on a %s to %s',
  { timeout: 180_000 },
  async (signal, to) => {
    const folder = mkdtempSync(join(tmpdir(), 'tagscout-npm-start-'));
    const databasePath = join(folder, 'tagscout.db');
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: databasePath,
        SEED_CORPUS: 'false',
        LOG_LEVEL: 'info',
        LOAD_SHEDDING: 'false',
        BLUESKY_JETSTREAM_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, as a terminal gives a command.
      detached: true,
    });
    let output = '';
    npm.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    let started: number[] = [];
    try {
      const port = await readyPort(npm, (line) => {
        output += `${line}\n`;
      });
      // npm test built the web app before the run and nothing the tests do may make it stale: a
      // rebuild here would take apps/web/dist from under every other test's server for 10-20 s. (Run
      // alone through Vitest after editing the web app, without npm test's build, this fails too.)
      expect(output).toContain('Building the server (the web app is up to date)');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      started = descendantsOf(npm.pid!);
      // npm, the shell it may run the script in, scripts/start.mjs and the server.
      expect(started.length).toBeGreaterThanOrEqual(2);

      const npmExited = new Promise((resolve) => npm.once('exit', resolve));
      process.kill(to === 'npm' ? npm.pid! : -npm.pid!, signal);
      await npmExited;
      await vi.waitFor(() => expect(started.filter(isRunning), output).toEqual([]), {
        timeout: 15_000,
        interval: 100,
      });
      expect(output).toContain(`${signal} received: finishing in-flight requests and closing the database`);
      // better-sqlite3 checkpoints and removes the write-ahead log only when the database closes cleanly.
      const wal = `${databasePath}-wal`;
      expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
    } finally {
      for (const pid of [npm.pid!, ...started].filter(isRunning)) process.kill(pid, 'SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  },
);

/** The port of the "ready on" line; fails when npm exits first. */
function readyPort(child: ChildProcess, onLine: (line: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      onLine(line);
      const match = /ready on http:\/\/localhost:(\d+)/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
}

/** Every process below `root`, children first found breadth-first. */
function descendantsOf(root: number): number[] {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  for (let queue = [root]; queue.length > 0; ) {
    const parent = queue.shift()!;
    const children = rows.filter(([, ppid]) => ppid === parent).map(([pid]) => pid);
    found.push(...children);
    queue = queue.concat(children);
  }
  return found;
}

/** Alive and not a zombie waiting for its parent to read its exit status. */
function isRunning(pid: number): boolean {
  try {
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return state !== '' && !state.startsWith('Z');
  } catch {
    return false;
  }
}
