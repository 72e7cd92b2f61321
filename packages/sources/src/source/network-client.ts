import { FailureClass, type SourceCall } from '@tagscout/core/api';
import { BlockFlags } from './block-flags.js';
import { type Clock, systemClock } from './clock.js';
import { SourceFailure } from './failure.js';
import { type RateLimits, SourceLimiters } from './rate-limiter.js';
import { backoffDelay, type RetryPolicy, SPEC_RETRY_POLICY, withRetries } from './retry.js';

/** Every outbound call gives up after 5 s (docs/security-policy.md#outbound-calls). */
export const DEFAULT_TIMEOUT_MS = 5000;
/** Pages larger than this are not read (a tag page is far smaller). */
export const MAX_BODY_CHARS = 5_000_000;

/** An answer, read whole. */
export interface NetworkResponse {
  status: number;
  /** 'opaqueredirect' when a browser hid a redirect from us; 'opaque' when it hid the answer. */
  type: Response['type'];
  url: string;
  headers: Headers;
  body: string;
}

/** What a network makes of an answer: null when it is a success, else the failure to raise. */
export type Classify = (response: NetworkResponse) => Omit<FailureInit, 'call'> | null;

export interface FailureInit {
  call: SourceCall;
  failure: FailureClass;
  message: string;
  status?: number;
  retryAfterMs?: number;
  cause?: unknown;
}

export interface NetworkClientOptions {
  /** The source's name, carried by its failures. */
  source: string;
  fetch?: typeof fetch;
  clock?: Clock;
  limits?: RateLimits;
  retry?: RetryPolicy;
  /** Shared flags (for example with the app's fallbacks); a new set by default. */
  blocks?: BlockFlags;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Told of every failed attempt, retried or not (for logs and the admin alerts). */
  onFailure?: (failure: SourceFailure) => void;
}

export interface GetOptions {
  call: SourceCall;
  url: string;
  classify: Classify;
  headers?: Record<string, string>;
  /** A form body: the request is then a POST (the network's GraphQL endpoint takes one). */
  body?: string;
  signal?: AbortSignal;
}

/**
 * Every request a source makes goes through here: the block flag of its call type, the shared rate
 * limiter, a 5 s timeout, and retries with back-off for failures that may pass.
 */
export class NetworkClient {
  readonly source: string;
  readonly clock: Clock;
  readonly blocks: BlockFlags;
  readonly limiters: SourceLimiters;
  readonly retry: RetryPolicy;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly headers: Record<string, string>;
  private readonly onFailure: ((failure: SourceFailure) => void) | undefined;

  constructor(options: NetworkClientOptions) {
    this.source = options.source;
    this.clock = options.clock ?? systemClock;
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.limiters = new SourceLimiters({ clock: this.clock, limits: options.limits });
    this.retry = options.retry ?? SPEC_RETRY_POLICY;
    this.blocks = options.blocks ?? new BlockFlags({ clock: this.clock });
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.headers = options.headers ?? {};
    this.onFailure = options.onFailure;
  }

  async get(options: GetOptions): Promise<NetworkResponse> {
    return withRetries(
      async () => {
        const answer = await this.attempt(options);
        if (answer instanceof SourceFailure) throw answer;
        return answer;
      },
      {
        retries: this.retry.retries,
        isRetryable: (failure) => failure instanceof SourceFailure && failure.isRetryable,
        waitMs: (retry, failure) => {
          const wait = Math.max(
            backoffDelay(this.retry, retry),
            (failure as SourceFailure).retryAfterMs ?? 0,
          );
          return wait > this.retry.maxWaitMs ? null : wait;
        },
        onFailure: (failure) => {
          if (failure instanceof SourceFailure && !failure.isFromBlockFlag) this.onFailure?.(failure);
        },
        sleep: (ms, signal) => this.clock.sleep(ms, signal),
        signal: options.signal,
      },
    );
  }

  /** A failure of this source (parsers raise parse errors with it). */
  fail(init: FailureInit): SourceFailure {
    return new SourceFailure({ source: this.source, ...init });
  }

  private async attempt(options: GetOptions): Promise<NetworkResponse | SourceFailure> {
    const { call } = options;
    const flag = this.blocks.active(call);
    if (flag) {
      return new SourceFailure({
        source: this.source,
        call,
        failure: FailureClass.block,
        message: `${call} calls are blocked until ${new Date(flag.until).toISOString()}`,
        isFromBlockFlag: true,
      });
    }
    await this.limiters.for(call).acquire(options.signal);
    const response = await this.request(options);
    if (response instanceof SourceFailure) return response;
    const problem = options.classify(response);
    if (!problem) return response;
    const failure = this.fail({ call, ...problem });
    if (failure.failure === FailureClass.block) this.blocks.block(call);
    if (failure.retryAfterMs !== undefined) {
      this.limiters.pauseUntil(this.clock.now() + failure.retryAfterMs);
    }
    return failure;
  }

  private async request(options: GetOptions): Promise<NetworkResponse | SourceFailure> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      const response = await this.fetch(options.url, {
        method: options.body === undefined ? 'GET' : 'POST',
        redirect: 'manual',
        headers: {
          ...this.headers,
          ...(options.body !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
          ...options.headers,
        },
        ...(options.body !== undefined && { body: options.body }),
        signal,
      });
      const length = Number(response.headers.get('content-length') ?? 0);
      if (length > MAX_BODY_CHARS) {
        await response.body?.cancel();
        return this.fail({
          call: options.call,
          failure: FailureClass.parseError,
          message: `the answer is too large (${length} bytes)`,
          status: response.status,
        });
      }
      const body = await response.text();
      return {
        status: response.status,
        type: response.type,
        url: response.url,
        headers: response.headers,
        body,
      };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      return this.fail({
        call: options.call,
        ...classifyNetworkError(error, timeout.aborted, this.timeoutMs),
      });
    }
  }
}

/**
 * A request that got no answer. Node's fetch names the cause (refused, reset, DNS); a browser's
 * bare TypeError with no cause is what a cross-origin refusal looks like, so it counts as 'cors'.
 */
function classifyNetworkError(
  error: unknown,
  isTimeout: boolean,
  timeoutMs: number,
): Omit<FailureInit, 'call'> {
  if (isTimeout) {
    return { failure: FailureClass.unknown, message: `no answer within ${timeoutMs} ms`, cause: error };
  }
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (error instanceof TypeError && cause === undefined) {
    return { failure: FailureClass.cors, message: `the request was refused: ${error.message}`, cause: error };
  }
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return { failure: FailureClass.unknown, message: `the request failed: ${reason}`, cause: error };
}

/** Milliseconds to wait from a 429's Retry-After (seconds or an HTTP date) or X-RateLimit-Reset. */
export function retryAfterOf(headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const reset = headers.get('x-ratelimit-reset');
  if (reset !== null) {
    // Mastodon sends an ISO time; others send epoch seconds.
    const asNumber = Number(reset);
    const at = Number.isFinite(asNumber) ? asNumber * 1000 : Date.parse(reset);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  return undefined;
}
