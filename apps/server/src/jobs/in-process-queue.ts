import PQueue from 'p-queue';
import type { JobOutcome, JobQueue, JobQueueOptions } from './job-queue.js';

/**
 * The default runner: one job at a time in this process (a run is mostly database reads and the
 * embedded SQLite has one writer), jobs with the same key joined, schedules on timers that do not
 * keep the process alive.
 */
export function createInProcessQueue<Data, Result>(
  options: JobQueueOptions<Data, Result>,
): JobQueue<Data, Result> {
  const queue = new PQueue({ concurrency: 1 });
  let isClosed = false;
  const pending = new Map<string, Promise<Result>>();
  const timers = new Map<string, NodeJS.Timeout>();

  function enqueue(data: Data, key: string): Promise<Result> {
    const waiting = pending.get(key);
    if (waiting) return waiting;
    const run = queue.add(() => options.handler(data));
    pending.set(key, run);
    const settle = () => {
      if (pending.get(key) === run) pending.delete(key);
    };
    run.then(settle, (error: unknown) => {
      settle();
      options.log.error({ err: error, queue: options.name, key }, 'background job failed');
    });
    return run;
  }

  return {
    kind: 'in-process',
    async submit(data, { key, waitMs }) {
      if (isClosed) throw new Error(`the ${options.name} queue is closed`);
      const run = enqueue(data, key);
      if (waitMs <= 0) return { status: 'queued' };
      return waitAtMost(run, waitMs);
    },
    async schedule(id, everyMs, data) {
      clearInterval(timers.get(id));
      timers.delete(id);
      if (everyMs <= 0 || isClosed) return;
      const timer = setInterval(() => void enqueue(data, `schedule:${id}`).catch(() => {}), everyMs);
      timer.unref();
      timers.set(id, timer);
    },
    async close() {
      isClosed = true;
      for (const timer of timers.values()) clearInterval(timer);
      timers.clear();
      await queue.onIdle();
    },
  };
}

async function waitAtMost<Result>(run: Promise<Result>, waitMs: number): Promise<JobOutcome<Result>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<JobOutcome<Result>>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'queued' }), waitMs);
  });
  try {
    return await Promise.race([run.then((result) => ({ status: 'done' as const, result })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
