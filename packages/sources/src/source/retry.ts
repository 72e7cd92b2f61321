import { LIMITS } from '@tagscout/core/limits';

/** How a failed request is tried again: `retries` more times, waiting firstDelayMs, then times factor. */
export interface RetryPolicy {
  retries: number;
  firstDelayMs: number;
  factor: number;
  /** A wait the network asks for beyond this is not waited out: the call fails (the limiter still pauses). */
  maxWaitMs: number;
}

/** SPEC section 9: up to 5 retries, the first after 500 ms, doubling (the earlier client's policy, on devices). */
export const SPEC_RETRY_POLICY: RetryPolicy = {
  retries: LIMITS.countRetries,
  firstDelayMs: LIMITS.countFirstRetryDelayMs,
  factor: 2,
  maxWaitMs: 60_000,
};

/** The server's outbound calls (SECURITY F8): the same back-off, at most 2 retries. */
export const SERVER_RETRY_POLICY: RetryPolicy = { ...SPEC_RETRY_POLICY, retries: 2 };

/** The wait before retry number `retry` (1-based). */
export function backoffDelay(policy: RetryPolicy, retry: number): number {
  return policy.firstDelayMs * policy.factor ** (retry - 1);
}
