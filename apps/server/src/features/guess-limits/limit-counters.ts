import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterSQLite,
} from 'rate-limiter-flexible';
import type { Database } from '../../db/connect.js';

/**
 * Atomic counters for the account limits, kept by rate-limiter-flexible: in Redis when REDIS_URL is
 * set, else in the database (auth_limits), so several processes share them. Windows are fixed and
 * aligned to the server clock (a window's start is part of the key), so every store answers the same
 * Retry-After and tests can move the clock; the library counts atomically and expires old windows.
 * Keys are hashed: no address is stored in clear.
 */
export interface LimitCounters {
  /** Counts one event in the window of `windowMs` containing `now`; answers the count so far, this one included. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  /** Gives one counted event back (a guess that turned out right). */
  giveBack(key: string, windowMs: number, now: number): Promise<void>;
  /** Forgets the window's count. */
  forget(key: string, windowMs: number, now: number): Promise<void>;
  /** The window's count so far, without counting. */
  read(key: string, windowMs: number, now: number): Promise<number>;
  /** Stops the stores' hourly sweeps of expired windows (before the store closes). */
  stop(): void;
}

const TABLE = 'auth_limits';
/** Never refuse inside the library: the Throttle compares counts with its own limits. */
const UNLIMITED = 2_000_000_000;

export function createLimitCounters(options: {
  database: Database;
  redis: Redis | null;
  /** The deployment's key prefix in a shared Redis. */
  redisPrefix: string;
}): LimitCounters {
  const limiters = new Map<number, RateLimiterAbstract>();
  const limiterFor = (windowMs: number) => {
    let limiter = limiters.get(windowMs);
    if (!limiter) {
      limiter = createLimiter(options, windowMs);
      limiters.set(windowMs, limiter);
    }
    return limiter;
  };
  const keyOf = (key: string, windowMs: number, now: number) =>
    `${hashKey(key)}:${windowMs}:${Math.floor(now / windowMs)}`;
  return {
    async hit(key, windowMs, now) {
      const result = await limiterFor(windowMs).consume(keyOf(key, windowMs, now), 1);
      return result.consumedPoints;
    },
    async giveBack(key, windowMs, now) {
      await limiterFor(windowMs).reward(keyOf(key, windowMs, now), 1);
    },
    async forget(key, windowMs, now) {
      await limiterFor(windowMs).delete(keyOf(key, windowMs, now));
    },
    async read(key, windowMs, now) {
      return (await limiterFor(windowMs).get(keyOf(key, windowMs, now)))?.consumedPoints ?? 0;
    },
    stop() {
      for (const limiter of limiters.values()) stopExpirySweep(limiter);
    },
  };
}

/**
 * The SQLite and PostgreSQL limiters delete expired rows every 5 minutes on a timer of their own,
 * which the library gives no way to stop but its id: left running, it sweeps a closed store (on
 * SQLite an unhandled rejection in a process that goes on, as a test worker does).
 */
function stopExpirySweep(limiter: RateLimiterAbstract): void {
  const sweeping = limiter as RateLimiterAbstract & { _clearExpiredTimeoutId?: NodeJS.Timeout };
  clearTimeout(sweeping._clearExpiredTimeoutId);
}

function createLimiter(
  options: { database: Database; redis: Redis | null; redisPrefix: string },
  windowMs: number,
): RateLimiterAbstract {
  // Kept a window longer than it lasts, as the server clock may run ahead of the store's.
  const common = { points: UNLIMITED, duration: Math.ceil((2 * windowMs) / 1000) };
  const { database, redis } = options;
  if (redis) {
    return new RateLimiterRedis({
      ...common,
      storeClient: redis,
      keyPrefix: `${options.redisPrefix}:limits`,
      rejectIfRedisNotReady: true,
    });
  }
  if (database.sqlite) {
    return new RateLimiterSQLite({
      ...common,
      storeClient: database.sqlite,
      storeType: 'better-sqlite3',
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: true,
      keyPrefix: 'l',
    });
  }
  if (database.pool) {
    return new RateLimiterPostgres({
      ...common,
      storeClient: database.pool,
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: true,
      keyPrefix: 'l',
    });
  }
  throw new Error('No store for the account limits');
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}
