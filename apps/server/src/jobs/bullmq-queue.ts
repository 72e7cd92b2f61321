import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobQueue, JobQueueOptions } from './job-queue.js';

/** Finished jobs are kept a while so a late waiter still finds the result, then dropped. */
const KEEP_COMPLETED = { age: 3600, count: 1000 };
const KEEP_FAILED = { age: 7 * 86_400 };

/**
 * BullMQ on Redis: every server process runs a worker (one job at a time each), a job is picked by
 * one of them, a schedule fires once per period across all of them, and the deduplication id keeps
 * two jobs with the same key from running side by side.
 */
export function createBullmqQueue<Data, Result>(
  options: JobQueueOptions<Data, Result>,
  redisUrl: string,
): JobQueue<Data, Result> {
  // BullMQ needs maxRetriesPerRequest null on connections that block (worker, events).
  const connect = () => new Redis(redisUrl, { maxRetriesPerRequest: null });
  const connections = [connect(), connect(), connect()] as const;
  const [queueConnection, workerConnection, eventsConnection] = connections;
  const { name, prefix } = options;
  const queue = new Queue(name, { connection: queueConnection, prefix });
  const events = new QueueEvents(name, { connection: eventsConnection, prefix });
  const worker = new Worker(name, async (job) => options.handler(job.data as Data), {
    connection: workerConnection,
    prefix,
    concurrency: 1,
  });
  worker.on('failed', (job, error) =>
    options.log.error({ err: error, queue: name, jobId: job?.id }, 'background job failed'),
  );
  worker.on('error', (error) => options.log.error({ err: error, queue: name }, 'background worker error'));
  const ready = Promise.all([queue.waitUntilReady(), events.waitUntilReady(), worker.waitUntilReady()]);

  return {
    kind: 'bullmq',
    async submit(data, { key, waitMs }) {
      await ready;
      const job = await queue.add(name, data, {
        deduplication: { id: key },
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: KEEP_FAILED,
      });
      if (waitMs <= 0) return { status: 'queued' };
      try {
        const result = (await job.waitUntilFinished(events, waitMs)) as Result;
        return { status: 'done', result };
      } catch (error) {
        if (error instanceof Error && /timed out before finishing/.test(error.message))
          return { status: 'queued' };
        throw error;
      }
    },
    async schedule(id, everyMs, data) {
      await ready;
      if (everyMs <= 0) {
        await queue.removeJobScheduler(id);
        return;
      }
      await queue.upsertJobScheduler(id, { every: everyMs }, { name, data });
    },
    async close() {
      await worker.close();
      await Promise.all([events.close(), queue.close()]);
      await Promise.all(connections.map((connection) => connection.quit().catch(() => {})));
    },
  };
}
