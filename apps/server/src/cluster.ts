import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import { isPostgresUrl } from './db/connect.js';

/** A worker that dies sooner than this after starting is not started again (a crash loop). */
const MIN_UPTIME_MS = 5000;

/**
 * Runs WEB_CONCURRENCY server processes on one port (node:cluster: the primary accepts connections
 * and hands them round-robin to the workers). The first worker starts alone, so migrations run once;
 * the others start once it listens. (The sample corpus is seeded before, by its own step.)
 *
 * What each worker is told (environment), so that what is counted per process stays right overall:
 * - without REDIS_URL, the per-client rate limits are divided among the workers (round-robin gives a
 *   client's requests to each in turn, so together they allow about the configured rate); with
 *   REDIS_URL the workers share one count in Redis and keep the full limits;
 * - the live sources' request interval is multiplied by the number of workers, so together they stay
 *   within the network's rate;
 * - scheduled work (live-source seeding, prospecting runs) runs in the first worker only, and so does
 *   the Bluesky consumer on SQLite (on PostgreSQL every worker competes for its lock).
 */
export function runPrimary(config: Config, log: (message: string) => void): void {
  const count = config.WEB_CONCURRENCY;
  let isStopping = false;
  // A process's uptime is real elapsed time (performance.now()), never the server clock, which
  // EXPOSE_CLOCK and tests move.
  const startedAt = new Map<Worker, number>();

  const start = (index: number): Worker => {
    const worker = cluster.fork(workerEnvironment(config, index));
    startedAt.set(worker, performance.now());
    worker.on('exit', (code, signal) => {
      const uptime = performance.now() - (startedAt.get(worker) ?? 0);
      startedAt.delete(worker);
      if (isStopping) {
        if (startedAt.size === 0) process.exit(0);
        return;
      }
      log(`server process ${index + 1} of ${count} ended (${signal ?? `code ${code}`})`);
      if (uptime < MIN_UPTIME_MS) {
        log('it ended right after starting: stopping every server process');
        stopAll();
        return;
      }
      start(index);
    });
    return worker;
  };

  const stopAll = () => {
    isStopping = true;
    if (startedAt.size === 0) process.exit(1);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);

  log(`Starting ${count} server processes (WEB_CONCURRENCY)...`);
  start(0).once('listening', () => {
    for (let index = 1; index < count; index++) start(index);
  });
}

function workerEnvironment(config: Config, index: number): Record<string, string> {
  const count = config.WEB_CONCURRENCY;
  const share = (limit: number) => String(Math.max(1, Math.ceil(limit / count)));
  return {
    WEB_CONCURRENCY: '1',
    ...(config.REDIS_URL
      ? {}
      : {
          RATE_LIMIT_PER_MINUTE: share(config.RATE_LIMIT_PER_MINUTE),
          CACHE_RATE_LIMIT_PER_MINUTE: share(config.CACHE_RATE_LIMIT_PER_MINUTE),
        }),
    SOURCE_INTERVAL_MS: String(config.SOURCE_INTERVAL_MS * count),
    ...(index > 0 && { SOURCE_SEED_MINUTES: '0', PROSPECTING_SCHEDULE_MINUTES: '0' }),
    ...(index > 0 && !isPostgresUrl(config.DATABASE_URL) && { BLUESKY_JETSTREAM_URL: '' }),
  };
}
