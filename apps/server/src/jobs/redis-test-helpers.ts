import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the BullMQ tests use: TEST_REDIS_URL, else the one every development machine runs. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers (the BullMQ tests are skipped, and say so, when it does not). */
export async function isRedisReachable(url = testRedisUrl): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other run shares. */
export function uniqueQueuePrefix(): string {
  return `tagscout-test-${randomUUID()}`;
}

/** Deletes every key under the prefix; answers how many keys are left (0 when clean). */
export async function deleteQueueKeys(prefix: string, url = testRedisUrl): Promise<number> {
  const client = new Redis(url);
  try {
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length > 0) await client.del(...keys);
    return (await client.keys(`${prefix}:*`)).length;
  } finally {
    await client.quit();
  }
}
