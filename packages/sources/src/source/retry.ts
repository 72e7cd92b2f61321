import { LIMITS } from '@tagscout/core/limits';
import pRetry from 'p-retry';
import { systemClock } from './clock.js';

/** How a failed request is tried again: `retries` more times, waiting firstDelayMs, then times factor. */
export interface RetryPolicy {
  retries: number;
  firstDelayMs: number;
  factor: number;
  /** A wait the network asks for beyond this is not waited out: the call fails (the limiter still pauses). */
  maxWaitMs: number;
}

/** Up to 5 retries, the first after 500 ms, doubling (the earlier client's policy, on devices). */
export const SPEC_RETRY_POLICY: RetryPolicy = {
  retries: LIMITS.countRetries,
  firstDelayMs: LIMITS.countFirstRetryDelayMs,
  factor: 2,
  maxWaitMs: 60_000,
};

/** The server's outbound calls (docs/security-policy.md#outbound-calls): the same back-off, at most 2 retries. */
export const SERVER_RETRY_POLICY: RetryPolicy = { ...SPEC_RETRY_POLICY, retries: 2 };

/** The wait before retry number `retry` (1-based). */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  return policy.firstDelayMs * policy.factor ** (retry - 1);
}

export interface RetryOptions {
  /** Tries after the first. */
  retries: number;
  /** Whether this failure may pass on another try. */
  isRetryable: (error: unknown) => boolean;
  /** The wait before retry number `retry` (1-based), or null to give up on this failure. */
  waitMs: (retry: number, error: unknown) => number | null;
  /** Told of every failed try, retried or not. */
  onFailure?: (error: unknown) => void;
  /** Waits through this (a fake clock in tests); real timers by default. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborts a wait between tries. */
  signal?: AbortSignal;
}

/**
 * Runs `work` until it succeeds, fails with what `isRetryable` refuses, or has used its retries; the
 * last failure is thrown. The one retry loop of the code base, on p-retry.
 */
export function withRetries<T>(work: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? systemClock.sleep;
  return pRetry(work, {
    retries: options.retries,
    // p-retry would wait on its own timers; the wait happens in shouldRetry so that tests can drive it.
    minTimeout: 0,
    onFailedAttempt: ({ error }) => options.onFailure?.(error),
    shouldRetry: async ({ error, retriesConsumed }) => {
      if (!options.isRetryable(error)) return false;
      const wait = options.waitMs(retriesConsumed + 1, error);
      if (wait === null) return false;
      await sleep(wait, options.signal);
      return true;
    },
  });
}
