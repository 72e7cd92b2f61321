import { describe, expect, it } from 'vitest';
import { shouldRunExpiryTimer } from './should-run-expiry-timer.js';

describe('shouldRunExpiryTimer', () => {
  it.each([
    [true, 3600, true],
    [true, 2_147_482, true],
    [true, 2_147_483, false],
    [true, 10_000_000, false],
    [true, 0, true],
    [true, -5, true],
    [false, 3600, false],
    [true, Number.NaN, false],
  ])('inTrial %s, expire %d -> %s', (inTrial, expire, expected) => {
    expect(shouldRunExpiryTimer(inTrial, expire)).toBe(expected);
  });
});
