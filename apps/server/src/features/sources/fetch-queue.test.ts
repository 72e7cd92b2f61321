import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { FetchPriority, FetchQueue } from './fetch-queue.js';

describe('fetch queue', () => {
  const quiet = () => new FetchQueue({ maxQueued: 3, onError: () => {} });

  it('runs one job at a time, most urgent first, in arrival order within a priority', async () => {
    const queue = quiet();
    const ran: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = (key: string, priority: FetchPriority, wait?: Promise<void>) => ({
      key,
      priority,
      run: async () => {
        ran.push(key);
        await wait;
      },
    });
    queue.enqueue(job('first', FetchPriority.seed, gate));
    queue.enqueue(job('seed', FetchPriority.seed));
    queue.enqueue(job('count', FetchPriority.counts));
    queue.enqueue(job('index', FetchPriority.index));
    expect(queue.size).toBe(4);
    release();
    await queue.whenIdle();
    expect(ran).toEqual(['first', 'index', 'count', 'seed']);
    expect(queue.size).toBe(0);
  });

  it('joins a job already waiting or running, and refuses more than it may hold', async () => {
    const queue = quiet();
    let runs = 0;
    const job = (key: string) => ({ key, priority: FetchPriority.index, run: async () => void runs++ });
    expect(queue.enqueue(job('a'))).toBe(true); // starts at once
    expect(queue.enqueue(job('a'))).toBe(false);
    expect([job('b'), job('c'), job('d'), job('e')].map((next) => queue.enqueue(next))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    await queue.whenIdle();
    expect(runs).toBe(4);
    expect(queue.enqueue(job('a'))).toBe(true);
    await queue.whenIdle();
  });

  it('logs a failed job and goes on', async () => {
    const errors: string[] = [];
    const queue = new FetchQueue({ maxQueued: 10, onError: (_error, job) => errors.push(job.key) });
    queue.enqueue({
      key: 'bad',
      priority: FetchPriority.index,
      run: async () => Promise.reject(new Error('no')),
    });
    let isDone = false;
    queue.enqueue({
      key: 'good',
      priority: FetchPriority.index,
      run: async () => {
        isDone = true;
      },
    });
    await queue.whenIdle();
    expect(errors).toEqual(['bad']);
    expect(isDone).toBe(true);
  });

  it('on close drops what waits and aborts what runs', async () => {
    const queue = quiet();
    const seen: string[] = [];
    queue.enqueue({
      key: 'long',
      priority: FetchPriority.index,
      run: (signal) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            seen.push('aborted');
            reject(signal.reason);
          }),
        ),
    });
    queue.enqueue({ key: 'next', priority: FetchPriority.index, run: async () => void seen.push('next') });
    await queue.close();
    expect(seen).toEqual(['aborted']);
    expect(queue.size).toBe(0);
    expect(queue.enqueue({ key: 'late', priority: FetchPriority.index, run: async () => {} })).toBe(false);
  });
});

describe('live-source settings', () => {
  it('are off unless MASTODON_URL is set, with the default pace and seeding', () => {
    const config = loadConfig({});
    expect(config.MASTODON_URL).toBeUndefined();
    expect([config.SOURCE_INTERVAL_MS, config.SOURCE_SEED_MINUTES, config.BG_SEED_SEARCHES]).toEqual([
      5000, 60, 5,
    ]);
    expect(loadConfig({ MASTODON_URL: 'http://127.0.0.1:8999' }).MASTODON_URL).toBe('http://127.0.0.1:8999');
  });

  it('name the variable that is wrong', () => {
    expect(() => loadConfig({ MASTODON_URL: 'ftp://example.com' })).toThrow(
      /MASTODON_URL="ftp:\/\/example.com" must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ BG_SEED_SEARCHES: '57' })).toThrow(
      /BG_SEED_SEARCHES="57" must be between 0 and 56/,
    );
    expect(() => loadConfig({ SOURCE_INTERVAL_MS: '-1' })).toThrow(/SOURCE_INTERVAL_MS/);
  });
});
