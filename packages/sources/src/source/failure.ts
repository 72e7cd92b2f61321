import { FailureClass, type SourceCall } from '@tagscout/core/api';

export interface SourceFailureDetails {
  source: string;
  call: SourceCall;
  failure: FailureClass;
  message: string;
  /** The HTTP status, when there was an answer. */
  status?: number;
  /** How long the network asked us to wait (429 Retry-After or X-RateLimit-Reset). */
  retryAfterMs?: number;
  /** True when no request was made because the call type is blocked. */
  isFromBlockFlag?: boolean;
  cause?: unknown;
}

/** A call to a social network that failed, classed as in docs/product-rules.md#live-sources. */
export class SourceFailure extends Error {
  readonly source: string;
  readonly call: SourceCall;
  readonly failure: FailureClass;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly isFromBlockFlag: boolean;

  constructor(details: SourceFailureDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'SourceFailure';
    this.source = details.source;
    this.call = details.call;
    this.failure = details.failure;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.isFromBlockFlag = details.isFromBlockFlag ?? false;
  }

  /**
   * Only failures that may pass with time are tried again: no answer (network error, timeout), 408,
   * 429 and 5xx. A block, a missing item, a page we cannot read, a cross-origin refusal or another
   * 3xx/4xx answers the same way again.
   */
  get isRetryable(): boolean {
    if (this.failure !== FailureClass.unknown || this.isFromBlockFlag) return false;
    const status = this.status;
    return status === undefined || status === 408 || status === 429 || status >= 500;
  }
}

export function isSourceFailure(error: unknown): error is SourceFailure {
  return error instanceof SourceFailure;
}
