import PQueue from 'p-queue';

/** Order of fetches: what a user is waiting for first, background work last. */
export const FetchPriority = { index: 0, counts: 1, seed: 2 } as const;
export type FetchPriority = (typeof FetchPriority)[keyof typeof FetchPriority];

export interface FetchJob {
  /** Jobs with the same key are one: a second enqueue while the first waits or runs is dropped. */
  key: string;
  priority: FetchPriority;
  run(signal: AbortSignal): Promise<void>;
}

/**
 * The server's fetches from its live sources, one at a time in this process (the rate limiter
 * spaces the requests anyway), most urgent first, at most `maxQueued` waiting so a flood of
 * searches cannot queue work for hours. Failures are the jobs' own business; they are only logged.
 */
export class FetchQueue {
  private readonly queue = new PQueue({ concurrency: 1 });
  private readonly keys = new Set<string>();
  private readonly controller = new AbortController();

  constructor(
    private readonly options: { maxQueued: number; onError: (error: unknown, job: FetchJob) => void },
  ) {}

  /** Queues the job; false when it is already queued or running, the queue is full, or closed. */
  enqueue(job: FetchJob): boolean {
    const { signal } = this.controller;
    if (signal.aborted || this.keys.has(job.key)) return false;
    if (this.queue.size >= this.options.maxQueued) return false;
    this.keys.add(job.key);
    // p-queue runs greater priorities first; ours count up from the most urgent.
    void this.queue
      .add(() => job.run(signal), { id: job.key, priority: -job.priority })
      .catch((error: unknown) => {
        if (!signal.aborted) this.options.onError(error, job);
      })
      .finally(() => this.keys.delete(job.key));
    return true;
  }

  /** Jobs waiting or running. */
  get size(): number {
    return this.keys.size;
  }

  /** Resolves once nothing waits or runs (tests, and a clean close). */
  whenIdle(): Promise<void> {
    return this.queue.onIdle();
  }

  /** Drops what waits, aborts what runs, and waits for it to stop. */
  async close(): Promise<void> {
    // p-queue drops what waits without settling it: its keys go here.
    this.queue.clear();
    const running = new Set(this.queue.runningTasks.map((task) => task.id));
    for (const key of this.keys) if (!running.has(key)) this.keys.delete(key);
    this.controller.abort(new Error('the fetch queue is closing'));
    await this.whenIdle();
  }
}
