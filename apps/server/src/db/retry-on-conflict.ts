import { withRetries } from '@tagscout/sources/source';

/** PostgreSQL's "try again" answers: serialization failure and deadlock (retried up to 3 times: docs/security-policy.md#databases). */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

/** Our own "try again": a row the transaction counted on was changed by a concurrent one. */
export class ConcurrentChangeError extends Error {
  readonly code = '40001';
}

export interface RetryOptions {
  retries?: number;
  /** First wait in ms; doubles each retry, with jitter. */
  firstDelayMs?: number;
  random?: () => number;
}

/**
 * Runs a transaction again when PostgreSQL aborts it as a deadlock victim or a serialization failure.
 * `work` must start a fresh transaction each time and reset any state it filled in a failed attempt.
 */
export function retryOnConflict<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const random = options.random ?? Math.random;
  const firstDelayMs = options.firstDelayMs ?? 20;
  return withRetries(work, {
    retries: options.retries ?? 3,
    isRetryable,
    waitMs: (retry) => firstDelayMs * 2 ** (retry - 1) * (0.5 + random()),
  });
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}
