import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shouldRunExpiryTimer } from './should-run-expiry-timer.js';

/** The longest delay setTimeout holds; a longer one fires at once, and the trial would end now. */
const SET_TIMEOUT_MAX_MS = 2 ** 31 - 1;
const LIMIT_SECONDS = SET_TIMEOUT_MAX_MS / 1000;
const anyOrNearTheLimit = fc.oneof(
  fc.double({ min: -1e7, max: 1e8, noNaN: true }),
  fc.double({ min: LIMIT_SECONDS - 5, max: LIMIT_SECONDS + 5, noNaN: true }),
);

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

  it('arms the timer for every delay setTimeout holds with a second to spare, and for none it cannot hold', () => {
    fc.assert(
      fc.property(anyOrNearTheLimit, (expireSeconds) => {
        const isArmed = shouldRunExpiryTimer(true, expireSeconds);
        if (isArmed) expect(expireSeconds * 1000).toBeLessThanOrEqual(SET_TIMEOUT_MAX_MS);
        if ((expireSeconds + 1) * 1000 <= SET_TIMEOUT_MAX_MS) expect(isArmed).toBe(true);
      }),
    );
  });
});
