import type { FirehoseStatus } from '@tagscout/core/api';
import { JetstreamClient } from '@tagscout/sources/bluesky';
import { systemClock } from '@tagscout/sources/source';
import type { Config, FirehoseTuning } from '../../config.js';
import { type HeldLock, tryAdvisoryLock } from '../../db/advisory-lock.js';
import type { Database } from '../../db/connect.js';
import type { FirehoseContext, FirehoseLog } from './firehose.context.js';
import { maintainFirehose, resumeCursor, storeFirehoseBatch } from './firehose.service.js';

/** The advisory lock key of the one Bluesky consumer per deployment ("bsky" in ASCII). */
export const CONSUMER_LOCK_KEY = 0x62736b79;

const DEFAULT_TUNING: FirehoseTuning = {
  lockRetryMs: 2000,
  maintenanceMs: 60_000,
  reconnectMs: 1000,
  batchMaxWaitMs: 250,
  // Each transaction's commit (fsync, WAL checkpoint) and its tags' count refresh are paid per batch.
  batchMaxEvents: 10_000,
};

export interface FirehoseRuntime {
  status(): FirehoseStatus;
  /** One full maintenance round now, the daily work included (tests). */
  maintainNow(): Promise<void>;
  /** How many times this process has asked for the consumer lock (tests). */
  lockRequests(): number;
  close(): Promise<void>;
}

/**
 * The Bluesky consumer of this process (decision 013). Off when BLUESKY_JETSTREAM_URL is empty. On
 * PostgreSQL every process tries for an advisory lock every few seconds and only its holder
 * consumes, so a deployment has one consumer and another process takes over when it dies. SQLite
 * is one process (the cluster starts the consumer in its first worker only).
 */
export function createFirehoseRuntime(options: {
  database: Database;
  config: Config;
  log: FirehoseLog;
}): FirehoseRuntime {
  const { database, config, log } = options;
  const urls = config.BLUESKY_JETSTREAM_URL;
  const tuning = { ...DEFAULT_TUNING, ...config.firehoseTuning };
  const context: FirehoseContext = {
    database,
    // Times stored and compared follow the server clock; sleeps take real time.
    clock: config.sourceClock ?? { now: config.now, sleep: systemClock.sleep },
    log,
    retentionDays: config.BLUESKY_RETENTION_DAYS,
    tuning,
    totals: { counted: 0, stored: 0 },
    maintenance: {
      refreshedDay: undefined,
      refreshAfterId: undefined,
      prunedUsesDay: undefined,
      pruneUsesAfterId: undefined,
    },
  };
  let client: JetstreamClient | undefined;
  let lock: HeldLock | undefined;
  let isClosed = false;
  let isClaiming = false;
  let lockRequests = 0;
  let maintaining: Promise<void> = Promise.resolve();
  const timers: NodeJS.Timeout[] = [];

  const maintain = () => {
    maintaining = maintaining
      .then(() => (client ? maintainFirehose(context) : undefined))
      .catch((error) => log.error({ err: error }, 'Bluesky: background pruning failed'));
    return maintaining;
  };

  const startConsumer = () => {
    client = new JetstreamClient({
      urls,
      clock: context.clock,
      readCursor: () => resumeCursor(context),
      onBatch: (batch) => storeFirehoseBatch(context, batch),
      log,
      reconnect: { firstDelayMs: tuning.reconnectMs, factor: 2, maxDelayMs: 60_000 },
      batchMaxWaitMs: tuning.batchMaxWaitMs,
      batchMaxEvents: tuning.batchMaxEvents,
      userAgent: `Tagscout/${config.version} (+hashtag research)`,
    });
    client.start();
  };

  const stopConsumer = async () => {
    const stopping = client;
    client = undefined;
    await stopping?.stop();
    await maintaining;
  };

  /** Takes the lock if free (PostgreSQL) and starts consuming; a lost lock stops the consumer. */
  const claim = async () => {
    if (isClosed || client || isClaiming) return;
    isClaiming = true;
    try {
      await claimOnce();
    } finally {
      isClaiming = false;
    }
  };
  const claimOnce = async () => {
    if (database.dialect === 'postgres') {
      const held = await tryAdvisoryLock(database, CONSUMER_LOCK_KEY).catch((error: Error) => {
        log.warn(`Bluesky: could not ask for the consumer lock (${error.message})`);
        return undefined;
      });
      lockRequests += 1;
      if (!held) return;
      if (isClosed) return held.release();
      lock = held;
      void held.lost.then(async (error) => {
        if (lock !== held) return;
        lock = undefined;
        log.warn(`Bluesky: lost the consumer lock (${error.message}); stopping until it is free again`);
        await stopConsumer();
      });
    }
    startConsumer();
    void maintain();
  };

  if (urls.length > 0) {
    void claim();
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => void work(), ms);
      timer.unref();
      timers.push(timer);
    };
    every(tuning.lockRetryMs, claim);
    every(tuning.maintenanceMs, maintain);
  }

  return {
    status: () => {
      const running = client?.status();
      return {
        is_enabled: urls.length > 0,
        role: urls.length === 0 ? 'off' : running ? 'consumer' : 'standby',
        state: running?.state ?? 'stopped',
        instance: running?.instance ?? null,
        lag_seconds: running?.lagSeconds ?? null,
        events_per_second: running?.eventsPerSecond ?? 0,
        events: running?.events ?? 0,
        malformed: running?.malformed ?? 0,
        posts_counted: context.totals.counted,
        posts_stored: context.totals.stored,
        last_error: running?.lastError
          ? { message: running.lastError.message, at: new Date(running.lastError.at).toISOString() }
          : null,
      };
    },
    lockRequests: () => lockRequests,
    maintainNow: () => {
      context.maintenance.refreshedDay = undefined;
      context.maintenance.prunedUsesDay = undefined;
      return maintain();
    },
    close: async () => {
      isClosed = true;
      for (const timer of timers) clearInterval(timer);
      await stopConsumer();
      const held = lock;
      lock = undefined;
      await held?.release();
    },
  };
}
