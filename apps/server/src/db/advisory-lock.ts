import type pg from 'pg';
import type { Database } from './connect.js';

/** A PostgreSQL session lock held on a connection of its own. */
export interface HeldLock {
  /** Resolves when the lock is gone without release(): its connection failed or was ended. */
  readonly lost: Promise<Error>;
  release(): Promise<void>;
}

/** How often the holding connection is checked, so a half-open TCP connection is noticed. */
const HEARTBEAT_MS = 5000;

/**
 * Takes pg_try_advisory_lock(key) on a connection taken out of the pool and kept for as long as the
 * lock is held; undefined when another session holds it. When the holder dies, PostgreSQL ends its
 * session and with it the lock, so another process can take it over.
 */
export async function tryAdvisoryLock(database: Database, key: number): Promise<HeldLock | undefined> {
  if (!database.pool) throw new Error('advisory locks need PostgreSQL');
  const client = await database.pool.connect();
  let locked: boolean;
  try {
    const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      key,
    ]);
    locked = result.rows[0]?.locked === true;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  if (!locked) {
    client.release();
    return undefined;
  }
  return holdLock(client, key);
}

function holdLock(client: pg.PoolClient, key: number): HeldLock {
  let isReleased = false;
  let onLost: (error: Error) => void = () => {};
  const lost = new Promise<Error>((resolve) => {
    onLost = resolve;
  });
  const fail = (error: Error) => {
    if (isReleased) return;
    isReleased = true;
    clearInterval(heartbeat);
    client.release(error);
    onLost(error);
  };
  client.on('error', fail);
  const heartbeat = setInterval(() => {
    client.query('select 1').catch((error: Error) => fail(error));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    lost,
    release: async () => {
      if (isReleased) return;
      isReleased = true;
      clearInterval(heartbeat);
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
      client.off('error', fail);
      client.release();
    },
  };
}
