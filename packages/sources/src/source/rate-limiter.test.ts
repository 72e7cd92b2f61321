import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fake-clock.js';
import { RateLimiter, SourceLimiters } from './rate-limiter.js';

describe('rate limiter on a fake clock', () => {
  it('lets concurrent callers through one per interval, in call order', async () => {
    const clock = new FakeClock({ start: 0 });
    const limiter = new RateLimiter({ clock, intervalMs: 5000 });
    const passed: [string, number][] = [];
    const take = (name: string) => limiter.acquire().then(() => passed.push([name, clock.now()]));
    const all = Promise.all([take('a'), take('b'), take('c')]);
    await clock.advance(4999);
    expect(passed).toEqual([['a', 0]]);
    await clock.advance(10_001);
    await all;
    expect(passed).toEqual([
      ['a', 0],
      ['b', 5000],
      ['c', 10_000],
    ]);
  });

  it('does not wait when the last call is longer ago than the interval', async () => {
    const clock = new FakeClock({ start: 0 });
    const limiter = new RateLimiter({ clock, intervalMs: 5000 });
    await limiter.acquire();
    await clock.advance(7000);
    expect(await limiter.acquire()).toBe(7000);
    expect(clock.sleeps).toEqual([]);
  });

  it('holds every caller until a pause ends (a 429)', async () => {
    const clock = new FakeClock({ start: 0, autoAdvance: true });
    const limiter = new RateLimiter({ clock, intervalMs: 1000 });
    await limiter.acquire();
    limiter.pauseUntil(60_000);
    expect(await limiter.acquire()).toBe(60_000);
    expect(await limiter.acquire()).toBe(61_000);
  });

  it('gives place searches their own limiter of 1 per second', async () => {
    const clock = new FakeClock({ start: 0, autoAdvance: true });
    const limiters = new SourceLimiters({ clock });
    const times: number[] = [];
    for (let i = 0; i < 3; i++) times.push(await limiters.for('search:place').acquire());
    expect(times).toEqual([0, 1000, 2000]);
    // Other calls keep their own 5 s spacing, unaffected by the place searches.
    expect(await limiters.for('search:hashtag').acquire()).toBe(2000);
    expect(await limiters.for('lookup:place').acquire()).toBe(7000);
  });

  it('stops waiting when the caller aborts', async () => {
    const clock = new FakeClock({ start: 0 });
    const limiter = new RateLimiter({ clock, intervalMs: 5000 });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(clock.pending).toBe(0);
  });
});
