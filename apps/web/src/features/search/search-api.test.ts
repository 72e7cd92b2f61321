import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractAnswer } from '../../api/contract-test-helpers';
import { fetchCounts } from './search-api';

interface Call {
  at: number;
  names: string[];
}

/** Answers /api/info/hashtag/:names like the server: -1 for a tag until its count becomes known at `knownAt`. */
function fakeInfoServer(knownAt: Record<string, number>, calls: Call[]) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const names = decodeURIComponent(url.replace('/api/info/hashtag/', '')).split(',');
    calls.push({ at: Date.now(), names });
    const data = names.map((hashtag) => ({
      hashtag,
      count: Date.now() >= (knownAt[hashtag] ?? Infinity) ? 42 : -1,
    }));
    return contractAnswer({ url, ...init }, { network: 'instagram', data });
  });
}

describe('fetchCounts', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks in batches of 100 names', async () => {
    const calls: Call[] = [];
    const names = Array.from({ length: 250 }, (_, i) => `tag${i}`);
    vi.stubGlobal('fetch', fakeInfoServer(Object.fromEntries(names.map((n) => [n, 0])), calls));
    const counts = await fetchCounts(names);
    expect(calls.map((call) => call.names.length)).toEqual([100, 100, 50]);
    expect(counts.get('tag249')?.count).toBe(42);
  });

  it('asks again for counts not known yet (-1 and -2) only, 5 times, waiting 500 ms and doubling', async () => {
    vi.useFakeTimers({ now: 0 });
    const calls: Call[] = [];
    vi.stubGlobal(
      'fetch',
      fakeInfoServer({ known: 0, late: 1400, lookupLate: 1400, never: Infinity }, calls),
    );
    const done = fetchCounts(['known', 'late', 'lookupLate', 'never']);
    await vi.runAllTimersAsync();
    const counts = await done;

    expect(calls.map((call) => [call.at, call.names])).toEqual([
      [0, ['known', 'late', 'lookupLate', 'never']],
      [500, ['late', 'lookupLate', 'never']],
      [1500, ['late', 'lookupLate', 'never']],
      [3500, ['never']],
      [7500, ['never']],
      [15500, ['never']],
    ]);
    expect(counts.get('late')?.count).toBe(42);
    expect(counts.get('lookupLate')?.count).toBe(42);
    expect(counts.get('never')?.count).toBe(-1);
  });
});
