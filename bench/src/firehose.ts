// The Bluesky consumer's catch-up speed: events in Jetstream's real JSON format, generated here
// (this machine has no internet), replayed by a local fake Jetstream over a real WebSocket into the
// consumer and the store, as after a restart with a backlog. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@tagscout/server/app';
import { connectDatabase, type Database, migrateToLatest } from '@tagscout/server/db';
import { createFirehoseRuntime } from '@tagscout/server/firehose';
import {
  accountEvent,
  identityEvent,
  makeDid,
  makeTid,
  postCreate,
  postDelete,
  startFakeJetstream,
  type WireEvent,
} from '@tagscout/sources/testing';

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

/** A seeded generator, so every run replays the same events. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Events as the firehose carries them when asked for posts: mostly untagged posts, some with one
 * tag, some with two to four (Zipf-like over `vocabulary` tags), deletes, identity and account
 * events; `taggedShare` 1 makes every post carry two to four tags.
 */
export function firehoseEvents(options: { count: number; taggedShare: number; seed: number }): WireEvent[] {
  const next = random(options.seed);
  const vocabulary = 50_000;
  const tag = () => `tag${Math.floor(vocabulary * next() ** 3)}`;
  const dids = Array.from({ length: 5000 }, (_, i) => makeDid(`bench-${i}`));
  const recent: { did: string; rkey: string }[] = [];
  const startUs = (Date.now() - 3_600_000) * 1000;
  const events: WireEvent[] = [];
  for (let i = 0; i < options.count; i++) {
    const timeUs = startUs + i * 1000;
    const did = dids[Math.floor(next() * dids.length)]!;
    const roll = next();
    const createdAt = new Date(timeUs / 1000 - 800).toISOString();
    if (options.taggedShare < 1 && roll < 0.02 && recent.length > 0) {
      events.push(postDelete({ ...recent[Math.floor(next() * recent.length)]!, timeUs }));
    } else if (options.taggedShare < 1 && roll < 0.03) {
      events.push({ ...identityEvent({ did, handle: 'someone.bsky.social', seq: i }), time_us: timeUs });
    } else if (options.taggedShare < 1 && roll < 0.04) {
      events.push({ ...accountEvent({ did, active: true, seq: i }), time_us: timeUs });
    } else {
      const rkey = makeTid(timeUs);
      const kind = next();
      const tags =
        kind < options.taggedShare
          ? Array.from({ length: 2 + Math.floor(next() * 3) }, tag)
          : kind < options.taggedShare + 0.08
            ? [tag()]
            : [];
      events.push(
        postCreate({
          did,
          rkey,
          tags,
          timeUs,
          createdAt,
          langs: ['en'],
          text: 'A post of about the length people write, with a few words before its tags',
        }),
      );
      if (tags.length >= 2) recent.push({ did, rkey });
      if (recent.length > 1000) recent.shift();
    }
  }
  return events;
}

/** Replays `events` from a fake Jetstream through the consumer into a fresh SQLite store. */
export async function replayThroughConsumer(scenario: string, events: WireEvent[]): Promise<FirehoseFigures> {
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-firehose-bench-'));
  const fake = await startFakeJetstream();
  const times = fake.publish(events);
  const first = times[0]!;
  const last = times.at(-1)!;
  const database: Database = connectDatabase(join(folder, 'bench.db'));
  await migrateToLatest(database);
  // A stored cursor 5 s (the rewind) after the first event: the consumer replays them all.
  await database.db
    .insertInto('stream_cursors')
    .values({ stream: 'bluesky', cursor: first + 5_000_000, instance: 'bench', updated_at: Date.now() })
    .execute();
  const config = loadConfig(
    {},
    {
      DATABASE_URL: join(folder, 'bench.db'),
      BLUESKY_JETSTREAM_URL: [fake.url],
      firehoseTuning: { maintenanceMs: 3_600_000 },
    },
  );
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const runtime = createFirehoseRuntime({ database, config, log: quiet });
  for (;;) {
    const row = await database.db.selectFrom('stream_cursors').select('cursor').executeTakeFirst();
    if (Number(row?.cursor) >= last && runtime.status().events >= events.length) break;
    const failure = runtime.status().last_error;
    if (failure) throw new Error(`the consumer failed: ${failure.message}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const status = runtime.status();
  await runtime.close();
  await fake.close();
  await database.close();
  rmSync(folder, { recursive: true, force: true });
  return {
    scenario,
    events: events.length,
    seconds: Number(seconds.toFixed(2)),
    eventsPerSecond: Math.round(events.length / seconds),
    counted: status.posts_counted,
    stored: status.posts_stored,
    storedPerSecond: Math.round(status.posts_stored / seconds),
    cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}

export async function measureFirehose(count: number): Promise<FirehoseFigures[]> {
  const figures: FirehoseFigures[] = [];
  const runs: [string, number][] = [
    ['firehose mix (10% with 2-4 tags, 8% with 1)', 0.1],
    ['tagged posts only (2-4 tags each)', 1],
  ];
  for (const [scenario, taggedShare] of runs) {
    const events = firehoseEvents({
      count: taggedShare === 1 ? Math.round(count / 4) : count,
      taggedShare,
      seed: 1,
    });
    const result = await replayThroughConsumer(scenario, events);
    console.log(
      `  ${scenario}: ${result.events.toLocaleString('en')} events in ${result.seconds} s = ` +
        `${result.eventsPerSecond.toLocaleString('en')} events/s; ${result.counted.toLocaleString('en')} posts counted, ` +
        `${result.stored.toLocaleString('en')} stored = ${result.storedPerSecond.toLocaleString('en')} stored posts/s ` +
        `(${result.cpuSeconds} CPU s; load average ${result.loadAverage})`,
    );
    figures.push(result);
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.env.BENCH_FIREHOSE_EVENTS ?? 200_000);
  console.log(
    `Bluesky consumer catch-up on SQLite, ${count.toLocaleString('en')} events (load average ${loadavg()[0]!.toFixed(2)}):`,
  );
  await measureFirehose(count);
}
