import { afterAll, describe, expect, it, vi } from 'vitest';
import { createBullmqQueue } from './bullmq-queue.js';
import { deleteQueueKeys, isRedisReachable, testRedisUrl, uniqueQueuePrefix } from './redis-test-helpers.js';

const hasRedis = await isRedisReachable();
if (!hasRedis) console.warn(`BullMQ tests skipped: no Redis at ${testRedisUrl} (set TEST_REDIS_URL)`);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasRedis)('the BullMQ job queue', () => {
  const prefixes: string[] = [];
  const open = (handler: (data: { n: number }) => Promise<number>) => {
    const prefix = uniqueQueuePrefix();
    prefixes.push(prefix);
    const log = { error: vi.fn() };
    return { queue: createBullmqQueue({ name: 'test', handler, prefix, log }, testRedisUrl), log, prefix };
  };
  afterAll(async () => {
    for (const prefix of prefixes) expect(await deleteQueueKeys(prefix)).toBe(0);
  });

  it('runs a job and hands back its result', async () => {
    const { queue, prefix } = open(async ({ n }) => n * 2);
    expect(await queue.submit({ n: 21 }, { key: 'a', waitMs: 5000 })).toEqual({ status: 'done', result: 42 });
    await queue.close();
    expect(await deleteQueueKeys(prefix)).toBe(0);
  });

  it('joins submits with the same key while the job waits or runs', async () => {
    const handler = vi.fn(async ({ n }: { n: number }) => {
      await wait(150);
      return n;
    });
    const { queue } = open(handler);
    const [a, b] = await Promise.all([
      queue.submit({ n: 1 }, { key: 'same', waitMs: 5000 }),
      queue.submit({ n: 2 }, { key: 'same', waitMs: 5000 }),
    ]);
    expect(a).toEqual({ status: 'done', result: 1 });
    expect(b).toEqual({ status: 'done', result: 1 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(await queue.submit({ n: 3 }, { key: 'same', waitMs: 5000 })).toEqual({
      status: 'done',
      result: 3,
    });
    await queue.close();
  });

  it('answers queued past the wait, and rejects with a failure', async () => {
    const { queue, log } = open(async ({ n }) => {
      if (n === 0) throw new Error('boom');
      await wait(300);
      return n;
    });
    expect(await queue.submit({ n: 1 }, { key: 'slow', waitMs: 50 })).toEqual({ status: 'queued' });
    await expect(queue.submit({ n: 0 }, { key: 'bad', waitMs: 5000 })).rejects.toThrow('boom');
    await vi.waitFor(() =>
      expect(log.error).toHaveBeenCalledWith(expect.anything(), 'background job failed'),
    );
    await queue.close();
  });

  it('fires a schedule every period, and stops once it is removed', async () => {
    const handler = vi.fn(async ({ n }: { n: number }) => n);
    const { queue } = open(handler);
    await queue.schedule('tick', 200, { n: 5 });
    await wait(1100);
    expect(handler.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(handler).toHaveBeenCalledWith({ n: 5 });
    await queue.schedule('tick', 0, { n: 5 });
    await wait(300);
    const count = handler.mock.calls.length;
    await wait(600);
    expect(handler.mock.calls.length).toBe(count);
    await queue.close();
  });
});
