import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Database } from '../../db/connect.js';

/** A sign-in (or code) lock: failures in a row, when the last one was, and until when it is locked. */
export interface LockState {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

/**
 * Where throttle counters live: the database by default (so several processes on PostgreSQL share
 * them), Redis when REDIS_URL is set. Keys are hashed: no address is stored in clear.
 */
export interface ThrottleStore {
  /** Counts one event in the fixed window containing `now`; answers the count so far. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  getLock(key: string): Promise<LockState | null>;
  setLock(key: string, state: LockState, keepMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

export function databaseThrottleStore(database: Database): ThrottleStore {
  const { db } = database;
  return {
    async hit(key, windowMs, now) {
      // Fixed windows aligned to the epoch, as in Redis, so both stores answer the same Retry-After.
      const id = `w:${windowMs}:${hashKey(key)}`;
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const isOtherWindow = sql<boolean>`auth_throttle.window_start <> ${windowStart}`;
      const row = await db
        .insertInto('auth_throttle')
        .values({ key: id, count: 1, window_start: windowStart, locked_until: 0, updated_at: now })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql`case when ${isOtherWindow} then 1 else auth_throttle.count + 1 end`,
            window_start: windowStart,
            updated_at: now,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async getLock(key) {
      const row = await db
        .selectFrom('auth_throttle')
        .select(['count', 'window_start', 'locked_until'])
        .where('key', '=', `l:${hashKey(key)}`)
        .executeTakeFirst();
      if (!row) return null;
      return {
        failures: Number(row.count),
        lastFailureAt: Number(row.window_start),
        lockedUntil: Number(row.locked_until),
      };
    },
    async setLock(key, state) {
      const values = {
        count: state.failures,
        window_start: state.lastFailureAt,
        locked_until: state.lockedUntil,
        updated_at: state.lastFailureAt,
      };
      await db
        .insertInto('auth_throttle')
        .values({ key: `l:${hashKey(key)}`, ...values })
        .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
        .execute();
    },
    async clear(key) {
      await db
        .deleteFrom('auth_throttle')
        .where('key', '=', `l:${hashKey(key)}`)
        .execute();
    },
  };
}

export function redisThrottleStore(redis: Redis): ThrottleStore {
  const prefix = 'tagscout:throttle:';
  return {
    async hit(key, windowMs, now) {
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const id = `${prefix}w:${windowMs}:${windowStart}:${hashKey(key)}`;
      const results = await redis.multi().incr(id).pexpire(id, windowMs).exec();
      const count = results?.[0]?.[1];
      if (typeof count !== 'number') throw new Error('Redis did not count the throttle hit');
      return count;
    },
    async getLock(key) {
      const raw = await redis.get(`${prefix}l:${hashKey(key)}`);
      return raw ? (JSON.parse(raw) as LockState) : null;
    },
    async setLock(key, state, keepMs) {
      await redis.set(`${prefix}l:${hashKey(key)}`, JSON.stringify(state), 'PX', Math.max(1, keepMs));
    },
    async clear(key) {
      await redis.del(`${prefix}l:${hashKey(key)}`);
    },
  };
}
