import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';

describe('LIMITS', () => {
  it('keeps the free copy limit one below the copy limit, leaving room for the branded tag', () => {
    expect(LIMITS.freeCopyLimit + 1).toBe(LIMITS.copyLimit);
  });

  it('keeps the expiry timer below the largest setTimeout delay', () => {
    expect(LIMITS.expireTimerMaxSeconds * 1000).toBeLessThan(2 ** 31);
    expect((LIMITS.expireTimerMaxSeconds + 1) * 1000).toBeGreaterThan(2 ** 31 - 1);
  });
});
