import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const SHOWN_ERROR_LINES = 3;
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;
const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

/** `node --conditions=source --import tsx <file>`, pinned to one CPU when taskset exists. */
export function spawnNode(options: {
  file: string;
  args?: string[];
  cpu?: number;
  env?: NodeJS.ProcessEnv;
  /** Node's own options, before the script (e.g. V8 heap sizes). */
  nodeFlags?: string[];
}): ChildProcess {
  return spawnPinned(options);
}

/**
 * Runs this script again in a session of its own whose scheduling group has priority `nice`, and
 * exits with its code; inside that session it returns whether the priority took. On Linux with
 * autogroups, a process's nice counts only against its own session, so on a machine other sessions
 * keep busy, only a session's group priority gives the bench (and the server and load client it
 * starts, which stay in its session) their CPU. Lowering it (a negative value) needs root.
 */
export async function enterOwnSession(nice: number): Promise<boolean> {
  if (nice === 0) return false;
  if (process.env.BENCH_IN_SESSION === '1') return trySetGroupPriority(nice);
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    detached: true,
    stdio: 'inherit',
    env: { ...process.env, BENCH_IN_SESSION: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  process.exit(code ?? 1);
}

function trySetGroupPriority(nice: number): boolean {
  try {
    if (existsSync('/proc/self/autogroup')) writeFileSync('/proc/self/autogroup', String(nice));
    setPriority(nice);
    return true;
  } catch {
    return false;
  }
}

function spawnPinned(options: Parameters<typeof spawnNode>[0]): ChildProcess {
  const node = [
    process.execPath,
    ...(options.nodeFlags ?? []),
    '--conditions=source',
    '--import',
    'tsx',
    options.file,
    ...(options.args ?? []),
  ];
  const [command, ...args] =
    hasTaskset && options.cpu !== undefined ? ['taskset', '-c', String(options.cpu), ...node] : node;
  return spawn(command!, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

export const isPinned = hasTaskset;

export interface RunningServer {
  port: number;
  /** CPU seconds the server process has used so far (Linux; 0 elsewhere). */
  cpuSeconds(): number;
  /** Bytes the server has written to stdout (its log) so far. */
  logBytes(): number;
  stop(): Promise<void>;
}

/** Starts a server process and waits for its "ready on http://localhost:<port>" line. */
export async function startServer(options: Parameters<typeof spawnNode>[0]): Promise<RunningServer> {
  // No Bluesky consumer in benches of the HTTP path (and no internet here).
  const child = spawnNode({ ...options, env: { BLUESKY_JETSTREAM_URL: '', ...options.env } });
  const lines = createInterface({ input: child.stdout! });
  let errorLines = 0;
  let logBytes = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`${options.file} exited with ${code} before it was ready`)),
    );
    lines.on('line', (line) => {
      logBytes += line.length + 1;
      const match = /ready on http:\/\/localhost:(\d+)/.exec(line);
      if (match) resolve(Number(match[1]));
      // The server's own error log lines (pino level 50 and up), so failures show their cause.
      else if (/"level":(5|6)\d/.test(line) && ++errorLines <= SHOWN_ERROR_LINES) {
        console.error(`  server: ${line.slice(0, 1000)}`);
      }
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    logBytes: () => logBytes,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      if (errorLines > SHOWN_ERROR_LINES) {
        console.error(`  server: ${errorLines - SHOWN_ERROR_LINES} more error lines not shown`);
      }
    },
  };
}

/** utime + stime of a process from /proc (taskset execs node, so the child's pid is node's). */
function cpuSecondsOf(pid: number | undefined): number {
  const fields = pid === undefined ? undefined : statFieldsOf(pid);
  if (!fields) return 0;
  // Fields 14 and 15 of stat (utime, stime).
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** /proc/<pid>/stat's fields from the state (field 3) on; undefined when the process is not here. */
function statFieldsOf(pid: number): string[] | undefined {
  if (!existsSync(`/proc/${pid}/stat`)) return undefined;
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** Runs a process to its end and returns its last line of output. */
export async function runToEnd(options: Parameters<typeof spawnNode>[0]): Promise<string> {
  const child = spawnNode(options);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${options.file} exited with ${code}`);
  return output.trim().split('\n').at(-1) ?? '';
}

/**
 * Gives a PostgreSQL server on this machine the scheduling priority `nice` the bench's own session
 * has (enterOwnSession), and returns the undo. Its processes share one session, so one group: left at
 * 0, each read of the PostgreSQL runs competes with everything else on the machine while SQLite's,
 * inside the bench process, run in the raised group. The undo also runs when the bench exits or is
 * interrupted; any failure leaves the priority as it was.
 */
export async function shareOwnPriorityWithPostgres(pool: pg.Pool, nice: number): Promise<() => void> {
  const isNiced = process.env.BENCH_IN_SESSION === '1' && nice !== 0;
  if (!isNiced) return () => {};
  let file: string;
  let before: string;
  try {
    // The connection stays open while its backend's parent (the postmaster) is looked up.
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const postmaster = parentOf(rows[0]!.pid);
      if (postmaster === undefined) return () => {};
      if (readFileSync(`/proc/${postmaster}/comm`, 'utf8').trim() !== 'postgres') return () => {};
      file = `/proc/${postmaster}/autogroup`;
      before = /nice (-?\d+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '0';
      writeFileSync(file, String(nice));
      console.log(`PostgreSQL's processes (session of pid ${postmaster}) at priority ${nice}, as the bench.`);
    } finally {
      client.release();
    }
  } catch (error) {
    console.warn(`PostgreSQL's priority left as it was: ${(error as Error).message}`);
    return () => {};
  }
  let isRestored = false;
  const restore = () => {
    if (isRestored) return;
    isRestored = true;
    try {
      writeFileSync(file, before);
    } catch {
      // PostgreSQL restarted meanwhile: its new session has the default priority.
    }
  };
  process.once('exit', restore);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      restore();
      process.exit(1);
    });
  }
  return restore;
}

/** A process's parent, from /proc; undefined when it is not on this machine (or gone). */
function parentOf(pid: number): number | undefined {
  const fields = statFieldsOf(pid);
  // Field 4 of stat.
  return fields && Number(fields[1]);
}
