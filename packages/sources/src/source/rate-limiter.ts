import type { SourceCall } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import type { Clock } from './clock.js';

/**
 * At most one request per `intervalMs`: each caller reserves the next free slot at once (so
 * concurrent callers queue in call order) and waits for it on the clock.
 */
export class RateLimiter {
  readonly intervalMs: number;
  private readonly clock: Clock;
  private nextSlot = Number.NEGATIVE_INFINITY;

  constructor(options: { clock: Clock; intervalMs: number }) {
    if (!(options.intervalMs >= 0)) throw new RangeError('intervalMs must be 0 or more');
    this.clock = options.clock;
    this.intervalMs = options.intervalMs;
  }

  /** Waits for this caller's slot. Returns the time of the slot. */
  async acquire(signal?: AbortSignal): Promise<number> {
    signal?.throwIfAborted();
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.intervalMs;
    if (slot > now) await this.clock.sleep(slot - now, signal);
    return slot;
  }

  /** No slot before `time` (the network asked us to wait, e.g. a 429 with Retry-After). */
  pauseUntil(time: number): void {
    this.nextSlot = Math.max(this.nextSlot, time);
  }
}

export interface RateLimits {
  /** Every call but place searches: 1 request per 5 s (docs/product-rules.md#live-sources). */
  intervalMs: number;
  /** Place searches: 1 per second. */
  placeSearchIntervalMs: number;
}

export const SPEC_RATE_LIMITS: RateLimits = {
  intervalMs: LIMITS.networkRateLimitMs,
  placeSearchIntervalMs: LIMITS.placeSearchRateLimitMs,
};

/** The limiters one network's calls share: place searches have their own. */
export class SourceLimiters {
  private readonly general: RateLimiter;
  private readonly placeSearch: RateLimiter;

  constructor(options: { clock: Clock; limits?: RateLimits }) {
    const limits = options.limits ?? SPEC_RATE_LIMITS;
    this.general = new RateLimiter({ clock: options.clock, intervalMs: limits.intervalMs });
    this.placeSearch = new RateLimiter({ clock: options.clock, intervalMs: limits.placeSearchIntervalMs });
  }

  for(call: SourceCall): RateLimiter {
    return call === 'search:place' ? this.placeSearch : this.general;
  }

  /** The network asked us to wait: no call of any type before `time`. */
  pauseUntil(time: number): void {
    this.general.pauseUntil(time);
    this.placeSearch.pauseUntil(time);
  }
}
