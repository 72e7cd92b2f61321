import { FailureClass } from '@tagscout/core/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fake-clock.js';
import {
  type FakeAnswer,
  type FakeServer,
  FaultQueue,
  html,
  json,
  startFakeServer,
} from '../testing/fake-http.js';
import { type Classify, NetworkClient, retryAfterOf } from './network-client.js';
import { SERVER_RETRY_POLICY, SPEC_RETRY_POLICY } from './retry.js';

type Fault = '503' | '429' | '404' | 'login' | 'hang';

const answers: Record<Fault, FakeAnswer> = {
  '503': html(503, '<h1>503 Service Unavailable</h1>'),
  '429': json(
    429,
    { message: 'Please wait a few minutes before you try again.', status: 'fail' },
    { 'retry-after': '3' },
  ),
  '404': html(404, '<h1>Not found</h1>'),
  login: { status: 302, headers: { location: '/accounts/login/' } },
  hang: { status: 200, hang: true },
};

/** A generic network: 404 is not-found, a redirect to /accounts/login/ a block, the rest by status. */
const classify: Classify = (response) => {
  if (response.status === 200) return null;
  if (response.status === 302) return { failure: FailureClass.block, status: 302, message: 'login' };
  if (response.status === 404) return { failure: FailureClass.notFound, status: 404, message: 'missing' };
  return {
    failure: FailureClass.unknown,
    status: response.status,
    message: String(response.status),
    retryAfterMs: retryAfterOf(response.headers, 0),
  };
};

describe('network client: limiter, retries, timeouts and block flags', () => {
  const faults = new FaultQueue<Fault>();
  let server: FakeServer;
  let clock: FakeClock;

  beforeAll(async () => {
    server = await startFakeServer((request) => {
      const fault = faults.take(request.path);
      return fault ? answers[fault] : json(200, { ok: true });
    });
  });
  afterAll(async () => server.close());
  beforeEach(() => {
    faults.clear();
    server.requests.length = 0;
    clock = new FakeClock({ start: 0, autoAdvance: true });
  });

  const client = (options: Partial<ConstructorParameters<typeof NetworkClient>[0]> = {}) =>
    new NetworkClient({
      source: 'test',
      clock,
      // The limiter out of the way, so the waits are the back-off alone.
      limits: { intervalMs: 0, placeSearchIntervalMs: 0 },
      timeoutMs: 2000,
      ...options,
    });
  const get = (target: NetworkClient, path = '/tag') =>
    target.get({ call: 'lookup:hashtag', url: `${server.url}${path}`, classify });

  it('backs off on a device: 5 retries, 500 ms doubling, then fails unknown', async () => {
    faults.add('503', { times: Number.POSITIVE_INFINITY });
    await expect(get(client({ retry: SPEC_RETRY_POLICY }))).rejects.toMatchObject({
      failure: 'unknown',
      status: 503,
    });
    expect(clock.sleeps).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(server.requests).toHaveLength(6);
  });

  it('keeps to 2 retries on the server', async () => {
    faults.add('503', { times: Number.POSITIVE_INFINITY });
    await expect(get(client({ retry: SERVER_RETRY_POLICY }))).rejects.toMatchObject({ failure: 'unknown' });
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(server.requests).toHaveLength(3);
  });

  it('waits at least what a 429 asks for', async () => {
    faults.add('429');
    const response = await get(client());
    expect(response.status).toBe(200);
    expect(clock.sleeps).toEqual([3000]);
  });

  it('does not retry a not-found or a block', async () => {
    faults.add('404');
    await expect(get(client())).rejects.toMatchObject({ failure: 'not-found', isRetryable: false });
    faults.add('login');
    await expect(get(client())).rejects.toMatchObject({ failure: 'block' });
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([]);
  });

  it('stops calls of a blocked type (and only that type) until the flag lapses', async () => {
    const target = client({ limits: { intervalMs: 5000, placeSearchIntervalMs: 1000 } });
    faults.add('login');
    await expect(get(target)).rejects.toMatchObject({ failure: 'block', isFromBlockFlag: false });
    await expect(get(target)).rejects.toMatchObject({ failure: 'block', isFromBlockFlag: true });
    expect(server.requests).toHaveLength(1);
    expect(target.blocks.list().map((flag) => flag.call)).toEqual(['lookup:hashtag']);
    await target.get({ call: 'search:hashtag', url: `${server.url}/search`, classify });
    expect(server.requests).toHaveLength(2);
    await clock.advance(15 * 60_000);
    expect((await get(target)).status).toBe(200);
    expect(target.blocks.list()).toEqual([]);
  });

  it('tells onFailure of every failed attempt, not of calls stopped by a flag', async () => {
    const seen: string[] = [];
    const target = client({ onFailure: (failure) => seen.push(`${failure.failure}:${failure.status}`) });
    faults.add('503');
    await get(target);
    faults.add('login');
    await expect(get(target)).rejects.toThrow();
    await expect(get(target)).rejects.toThrow();
    expect(seen).toEqual(['unknown:503', 'block:302']);
  });

  it('gives up on a request with no answer after the timeout, as unknown', async () => {
    faults.add('hang');
    await expect(
      get(client({ timeoutMs: 100, retry: { ...SERVER_RETRY_POLICY, retries: 0 } })),
    ).rejects.toMatchObject({
      failure: 'unknown',
      message: 'no answer within 100 ms',
    });
  });

  it('classes a refused connection as unknown and a bare browser TypeError as cors', async () => {
    const closed = await startFakeServer(() => json(200, {}));
    await closed.close();
    const refused = client({ retry: { ...SERVER_RETRY_POLICY, retries: 0 } });
    await expect(
      refused.get({ call: 'search:hashtag', url: `${closed.url}/x`, classify }),
    ).rejects.toMatchObject({ failure: 'unknown', message: expect.stringContaining('ECONNREFUSED') });

    const browserFetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const browser = client({ fetch: browserFetch });
    await expect(
      browser.get({ call: 'search:hashtag', url: 'https://example.invalid/', classify }),
    ).rejects.toMatchObject({
      failure: 'cors',
      isRetryable: false,
    });
  });

  it('reads Retry-After in seconds or as a date, and Mastodon’s ISO X-RateLimit-Reset', () => {
    const now = Date.UTC(2026, 0, 1, 0, 0, 0);
    expect(retryAfterOf(new Headers({ 'retry-after': '120' }), now)).toBe(120_000);
    expect(retryAfterOf(new Headers({ 'retry-after': new Date(now + 5000).toUTCString() }), now)).toBe(5000);
    expect(retryAfterOf(new Headers({ 'x-ratelimit-reset': '2026-01-01T00:05:00.000000Z' }), now)).toBe(
      300_000,
    );
    expect(retryAfterOf(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 60) }), now)).toBe(60_000);
    expect(retryAfterOf(new Headers(), now)).toBeUndefined();
  });
});
