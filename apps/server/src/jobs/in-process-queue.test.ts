import { describe, expect, it, vi } from 'vitest';
import { createInProcessQueue } from './in-process-queue.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function queueWith(handler: (data: number) => Promise<number>) {
  const log = { error: vi.fn() };
  return { queue: createInProcessQueue({ name: 'test', handler, prefix: 'x', log }), log };
}

describe('the in-process job queue', () => {
  it('runs one job at a time, in order', async () => {
    const events: string[] = [];
    const { queue } = queueWith(async (n) => {
      events.push(`start ${n}`);
      await wait(20);
      events.push(`end ${n}`);
      return n * 10;
    });
    const results = await Promise.all([1, 2, 3].map((n) => queue.submit(n, { key: `k${n}`, waitMs: 1000 })));
    expect(results).toEqual([10, 20, 30].map((result) => ({ status: 'done', result })));
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    await queue.close();
  });

  it('joins a submit to the waiting or running job with the same key', async () => {
    const handler = vi.fn(async (n: number) => {
      await wait(30);
      return n;
    });
    const { queue } = queueWith(handler);
    const [a, b] = await Promise.all([
      queue.submit(1, { key: 'same', waitMs: 1000 }),
      queue.submit(2, { key: 'same', waitMs: 1000 }),
    ]);
    expect(a).toEqual({ status: 'done', result: 1 });
    expect(b).toEqual({ status: 'done', result: 1 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(await queue.submit(3, { key: 'same', waitMs: 1000 })).toEqual({ status: 'done', result: 3 });
    await queue.close();
  });

  it('answers queued when the job outlasts the wait, and finishes it anyway', async () => {
    const finished = vi.fn();
    const { queue } = queueWith(async (n) => {
      await wait(80);
      finished();
      return n;
    });
    expect(await queue.submit(1, { key: 'slow', waitMs: 10 })).toEqual({ status: 'queued' });
    expect(await queue.submit(2, { key: 'other', waitMs: 0 })).toEqual({ status: 'queued' });
    await queue.close();
    expect(finished).toHaveBeenCalledTimes(2);
  });

  it('rejects the waiting submit with the failure, logs it, and goes on with the next job', async () => {
    const { queue, log } = queueWith(async (n) => {
      if (n === 1) throw new Error('boom');
      return n;
    });
    await expect(queue.submit(1, { key: 'a', waitMs: 1000 })).rejects.toThrow('boom');
    expect(await queue.submit(2, { key: 'b', waitMs: 1000 })).toEqual({ status: 'done', result: 2 });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ key: 'a' }), 'background job failed');
    await queue.close();
    await expect(queue.submit(3, { key: 'c', waitMs: 10 })).rejects.toThrow('closed');
  });

  it('runs a schedule every period until it is removed or the queue closes', async () => {
    const handler = vi.fn(async (n: number) => n);
    const { queue } = queueWith(handler);
    await queue.schedule('tick', 25, 7);
    await wait(140);
    const count = handler.mock.calls.length;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(handler).toHaveBeenCalledWith(7);
    await queue.schedule('tick', 0, 7);
    await wait(80);
    expect(handler.mock.calls.length).toBe(count);
    await queue.schedule('tick', 25, 7);
    await queue.close();
    await wait(60);
    expect(handler.mock.calls.length).toBe(count);
  });
});
