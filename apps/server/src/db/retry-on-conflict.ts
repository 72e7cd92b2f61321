/** PostgreSQL's "try again" answers: serialization failure and deadlock (SECURITY: retry up to 3 times). */
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
export async function retryOnConflict<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? 3;
  const random = options.random ?? Math.random;
  let delay = options.firstDelayMs ?? 20;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + random())));
      delay *= 2;
    }
  }
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}
