import type { Clock } from '../source/clock.js';

interface Timer {
  at: number;
  resolve: () => void;
}

/**
 * A clock that moves only when told. With `autoAdvance` every sleep returns at once and moves the
 * clock by its length (for calls made one after another); otherwise `advance()` fires due sleeps in
 * time order. `sleeps` records every wait asked for.
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  private time: number;
  private readonly autoAdvance: boolean;
  private timers: Timer[] = [];

  constructor(options: { start?: number; autoAdvance?: boolean } = {}) {
    this.time = options.start ?? Date.UTC(2026, 0, 1);
    this.autoAdvance = options.autoAdvance ?? false;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.autoAdvance) {
      this.time += ms;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const timer: Timer = { at: this.time + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((other) => other !== timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Moves the clock forward by `ms`, waking each sleeper at its time (and letting it run) in order. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      await settle();
      const next = this.timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = Math.max(this.time, next.at);
      next.resolve();
    }
    this.time = target;
    await settle();
  }

  /** Sleeps not yet due. */
  get pending(): number {
    return this.timers.length;
  }
}

/** Lets every promise that can move on do so (I/O callbacks included). */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
