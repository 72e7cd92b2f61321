// The Bluesky consumer's catch-up speed: events in Jetstream's real JSON format, generated here
// (this machine has no internet), replayed by a local fake Jetstream over a real WebSocket into the
// consumer and the store, as after a restart with a backlog. Prints figures; asserts nothing.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@tagscout/server/app';
import { connectDatabase, type Database, migrateToLatest } from '@tagscout/server/db';
import { createFirehoseRuntime } from '@tagscout/server/firehose';
import pg from 'pg';
import { enterOwnSession, REPO_ROOT } from './processes.js';

export interface FirehoseFigures {
  scenario: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  counted: number;
  stored: number;
  storedPerSecond: number;
  cpuSeconds: number;
  loadAverage: number;
}

interface Feed {
  url: string;
  first: number;
  last: number;
  count: number;
  close(): Promise<void>;
}

/** Starts the fake Jetstream in a child process (firehose-feed.ts) with its events published. */
async function startFeed(options: { count: number; taggedShare: number; seed: number }): Promise<Feed> {
  const child = fork(
    join(REPO_ROOT, 'bench/src/firehose-feed.ts'),
    [options.count, options.taggedShare, options.seed].map(String),
    { cwd: REPO_ROOT, execArgv: ['--conditions=source', '--import', 'tsx'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<Omit<Feed, 'close'>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Omit<Feed, 'close'>));
    child.once('exit', (code) => reject(new Error(`firehose-feed.ts exited with ${code}`)));
  });
  return {
    ...ready,
    close: async () => {
      child.send('close');
      await exited;
    },
  };
}

/** A fresh store: a SQLite file, or a database of its own on BENCH_POSTGRES_URL's server. */
async function freshStore(dialect: 'sqlite' | 'postgres'): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'tagscout-firehose-bench-'));
    return {
      url: join(folder, 'bench.db'),
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `tagscout_bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Replays events from a fake Jetstream (another process) through the consumer into a fresh store.
 * The figures are this process's: the consumer and the store, as in a server.
 */
export async function replayThroughConsumer(
  scenario: string,
  events: { count: number; taggedShare: number; seed: number },
  dialect: 'sqlite' | 'postgres' = 'sqlite',
): Promise<FirehoseFigures> {
  const feed = await startFeed(events);
  const { first, last } = feed;
  const store = await freshStore(dialect);
  const database: Database = connectDatabase(store.url);
  await migrateToLatest(database);
  // A stored cursor 5 s (the rewind) after the first event: the consumer replays them all.
  await database.db
    .insertInto('stream_cursors')
    .values({ stream: 'bluesky', cursor: first + 5_000_000, instance: 'bench', updated_at: Date.now() })
    .execute();
  const config = loadConfig(
    {},
    {
      DATABASE_URL: store.url,
      BLUESKY_JETSTREAM_URL: [feed.url],
      firehoseTuning: { maintenanceMs: 3_600_000 },
    },
  );
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const runtime = createFirehoseRuntime({ database, config, log: quiet });
  for (;;) {
    const row = await database.db.selectFrom('stream_cursors').select('cursor').executeTakeFirst();
    if (Number(row?.cursor) >= last && runtime.status().events >= feed.count) break;
    const failure = runtime.status().last_error;
    if (failure) throw new Error(`the consumer failed: ${failure.message}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const status = runtime.status();
  await runtime.close();
  await feed.close();
  await database.close();
  await store.drop();
  return {
    scenario,
    events: feed.count,
    seconds: Number(seconds.toFixed(2)),
    eventsPerSecond: Math.round(feed.count / seconds),
    counted: status.posts_counted,
    stored: status.posts_stored,
    storedPerSecond: Math.round(status.posts_stored / seconds),
    cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}

export async function measureFirehose(
  count: number,
  dialect: 'sqlite' | 'postgres' = 'sqlite',
): Promise<FirehoseFigures[]> {
  const figures: FirehoseFigures[] = [];
  const runs: [string, number][] = [
    ['firehose mix (10% with 2-4 tags, 8% with 1)', 0.1],
    ['tagged posts only (2-4 tags each)', 1],
  ];
  for (const [scenario, taggedShare] of runs) {
    const events = { count: taggedShare === 1 ? Math.round(count / 4) : count, taggedShare, seed: 1 };
    const result = await replayThroughConsumer(scenario, events, dialect);
    const perCpu = (n: number) => Math.round(n / result.cpuSeconds).toLocaleString('en');
    console.log(
      `  ${scenario}: ${result.events.toLocaleString('en')} events in ${result.seconds} s = ` +
        `${result.eventsPerSecond.toLocaleString('en')} events/s; ${result.counted.toLocaleString('en')} posts counted, ` +
        `${result.stored.toLocaleString('en')} stored = ${result.storedPerSecond.toLocaleString('en')} stored posts/s ` +
        `(${result.cpuSeconds} CPU s: ${perCpu(result.events)} events, ${perCpu(result.stored)} stored posts ` +
        `per CPU s; load average ${result.loadAverage})`,
    );
    figures.push(result);
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // As `npm run bench` does (bench/README.md): BENCH_NICE=-10 raises the bench's session priority.
  const nice = Number(process.env.BENCH_NICE ?? 0);
  const isNiced = await enterOwnSession(nice);
  if (nice !== 0 && !isNiced) console.warn(`Could not set priority ${nice} (needs root); running at 0.`);
  const count = Number(process.env.BENCH_FIREHOSE_EVENTS ?? 200_000);
  const dialect = process.env.BENCH_FIREHOSE_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
  console.log(
    `Bluesky consumer catch-up on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${count.toLocaleString('en')} ` +
      `events (load average ${loadavg()[0]!.toFixed(2)}${isNiced ? `; priority ${nice}` : ''}):`,
  );
  await measureFirehose(count, dialect);
}
