import type { SourceCall } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { createMastodonSource, MASTODON } from '@tagscout/sources/mastodon';
import { NetworkClient, SERVER_RETRY_POLICY, systemClock } from '@tagscout/sources/source';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connect.js';
import { createFirehoseRuntime, type FirehoseRuntime } from '../firehose/firehose.runtime.js';
import type { HashtagSourceHook } from '../search/hashtag-sources.js';
import { FetchQueue } from './fetch-queue.js';
import { SearchCounter } from './search-counter.js';
import {
  flushSearches,
  requestCounts,
  SERVER_SOURCE_NETWORK,
  seedMostSearched,
  startIndexing,
} from './source-jobs.service.js';
import type { ServerSource, SourcesContext, SourcesLog } from './sources.context.js';
import { findActiveBlocks } from './sources.repository.js';
import { recordServerFailure } from './sources.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live sources (decision 010): tests wait on them and run seeding. */
    sources: SourcesRuntime;
  }
}

/** Fetches that may wait at once. */
const MAX_QUEUED = 200;
/** How often counted searches are written. */
const FLUSH_EVERY_MS = 60_000;

/** The live sources of this server process (decision 010). */
export interface SourcesRuntime {
  context: SourcesContext;
  /** The Bluesky firehose consumer (decision 013). */
  firehose: FirehoseRuntime;
  /** Given to the hashtag routes when a server source runs; undefined otherwise. */
  hashtagHook: HashtagSourceHook | undefined;
  /** Resolves once no fetch waits or runs (tests). */
  whenIdle(): Promise<void>;
  /** One background seeding run now; answers the tags queued. */
  seedNow(): Promise<string[]>;
  close(): Promise<void>;
}

export async function createSourcesRuntime(options: {
  database: Database;
  config: Config;
  log: SourcesLog & { info(message: string): void };
}): Promise<SourcesRuntime> {
  const { database, config, log } = options;
  const firehose = createFirehoseRuntime({
    database,
    config,
    log: {
      info: (message) => log.info(message),
      warn: (message) => log.warn({}, message),
      error: (details, message) => log.error(details, message),
    },
  });
  // Times stored and compared follow the server clock; sleeps take real time.
  const clock = config.sourceClock ?? { now: config.now, sleep: systemClock.sleep };
  const queue = new FetchQueue({
    maxQueued: MAX_QUEUED,
    onError: (error, job) => log.warn({ err: error, job: job.key }, 'a live-source fetch failed'),
  });
  const context: SourcesContext = {
    database,
    clock,
    server: undefined,
    queue,
    searches: new SearchCounter(),
    seed: { count: config.BG_SEED_SEARCHES, intervalMs: config.SOURCE_SEED_MINUTES * 60_000 },
    log,
    reportQuorum: config.DEVICE_REPORT_QUORUM,
    firehoseStatus: () => firehose.status(),
  };
  context.server = config.MASTODON_URL ? await startMastodon(context, config) : undefined;

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => void work().catch((error) => log.error({ err: error }, what)), ms);
    timer.unref();
    timers.push(timer);
  };
  if (context.server) {
    every(FLUSH_EVERY_MS, () => flushSearches(context), 'writing search counts failed');
    if (context.seed.intervalMs > 0 && context.seed.count > 0) {
      every(context.seed.intervalMs, () => seedMostSearched(context), 'background seeding failed');
    }
  }

  return {
    context,
    firehose,
    hashtagHook: context.server
      ? {
          network: SERVER_SOURCE_NETWORK,
          startIndexing: (names) => startIndexing(context, names),
          requestCounts: (names) => requestCounts(context, names),
          recordSearch: (name) => context.searches.add(name),
        }
      : undefined,
    whenIdle: () => queue.whenIdle(),
    seedNow: () => seedMostSearched(context),
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      await firehose.close();
      await queue.close();
      await flushSearches(context).catch((error) =>
        log.error({ err: error }, 'writing search counts failed'),
      );
    },
  };
}

/** Mastodon at MASTODON_URL, its block flags restored from the failures table. */
async function startMastodon(context: SourcesContext, config: Config): Promise<ServerSource> {
  const client = new NetworkClient({
    source: MASTODON,
    clock: context.clock,
    limits: { intervalMs: config.SOURCE_INTERVAL_MS, placeSearchIntervalMs: LIMITS.placeSearchRateLimitMs },
    retry: SERVER_RETRY_POLICY,
    headers: { 'user-agent': `Tagscout/${config.version} (+hashtag research)` },
    onFailure: (failure) =>
      void recordServerFailure(context, failure).catch((error) =>
        context.log.error({ err: error }, 'recording a source failure failed'),
      ),
  });
  const blocks = await findActiveBlocks(context.database, {
    source: MASTODON,
    origin: 'server',
    now: context.clock.now(),
  });
  for (const block of blocks) client.blocks.block(block.call as SourceCall, block.blocked_until ?? undefined);
  const source = createMastodonSource({
    baseUrl: config.MASTODON_URL!,
    client,
    ...(config.MASTODON_ACCESS_TOKEN && { accessToken: config.MASTODON_ACCESS_TOKEN }),
  });
  return { client, source };
}
