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
  private readonly waiting: (FetchJob & { order: number })[] = [];
  private readonly keys = new Set<string>();
  private readonly controller = new AbortController();
  private readonly idleWaiters: (() => void)[] = [];
  private running: Promise<void> | null = null;
  private order = 0;

  constructor(
    private readonly options: { maxQueued: number; onError: (error: unknown, job: FetchJob) => void },
  ) {}

  /** Queues the job; false when it is already queued or running, the queue is full, or closed. */
  enqueue(job: FetchJob): boolean {
    if (this.controller.signal.aborted || this.keys.has(job.key)) return false;
    if (this.waiting.length >= this.options.maxQueued) return false;
    this.keys.add(job.key);
    this.waiting.push({ ...job, order: this.order++ });
    this.waiting.sort((a, b) => a.priority - b.priority || a.order - b.order);
    if (!this.running) this.running = this.drain();
    return true;
  }

  /** Jobs waiting or running. */
  get size(): number {
    return this.keys.size;
  }

  /** Resolves once nothing waits or runs (tests, and a clean close). */
  whenIdle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what waits, aborts what runs, and waits for it to stop. */
  async close(): Promise<void> {
    for (const job of this.waiting.splice(0)) this.keys.delete(job.key);
    this.controller.abort(new Error('the fetch queue is closing'));
    await this.whenIdle();
  }

  private async drain(): Promise<void> {
    for (let job = this.waiting.shift(); job; job = this.waiting.shift()) {
      try {
        await job.run(this.controller.signal);
      } catch (error) {
        if (!this.controller.signal.aborted) this.options.onError(error, job);
      } finally {
        this.keys.delete(job.key);
      }
    }
    this.running = null;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
