import { createInProcessQueue } from './in-process-queue.js';

/** What a submitter learns: the job's result, or that it goes on in the background. */
export type JobOutcome<Result> = { status: 'done'; result: Result } | { status: 'queued' };

export interface JobLog {
  error(details: object, message: string): void;
}

/**
 * Background jobs of one kind. Jobs with the same key never run side by side: a submit while one is
 * waiting or running joins it. Failures reject the submit that waits for them and are logged.
 */
export interface JobQueue<Data, Result> {
  readonly kind: 'in-process' | 'bullmq';
  /** Queues the job and waits up to waitMs for it to finish (0: do not wait). */
  submit(data: Data, options: { key: string; waitMs: number }): Promise<JobOutcome<Result>>;
  /** Submits `data` every `everyMs` under the schedule `id`; 0 removes the schedule. */
  schedule(id: string, everyMs: number, data: Data): Promise<void>;
  /** Stops schedules and waits for the running job to finish. */
  close(): Promise<void>;
}

export interface JobQueueOptions<Data, Result> {
  name: string;
  handler: (data: Data) => Promise<Result>;
  /** With a Redis URL, BullMQ (shared by every server process); without, one queue in this process. */
  redisUrl?: string | undefined;
  /** BullMQ key prefix, so several deployments (or test runs) can share one Redis. */
  prefix: string;
  log: JobLog;
}

export async function createJobQueue<Data, Result>(
  options: JobQueueOptions<Data, Result>,
): Promise<JobQueue<Data, Result>> {
  if (!options.redisUrl) return createInProcessQueue(options);
  // BullMQ is loaded only with Redis: a server without it does not pay for loading it at start.
  const { createBullmqQueue } = await import('./bullmq-queue.js');
  return createBullmqQueue(options, options.redisUrl);
}
