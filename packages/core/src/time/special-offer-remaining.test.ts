import { describe, expect, it } from 'vitest';
import { specialOfferRemaining } from './special-offer-remaining.js';

const expireAt = 1_700_000_000_000;
const window = 259_200_000;

describe('specialOfferRemaining', () => {
  it('is 0 before the trial expires', () => {
    expect(specialOfferRemaining(expireAt, expireAt - 1)).toBe(0);
  });

  it('opens the full 3-day window at expiry and counts down', () => {
    expect(specialOfferRemaining(expireAt, expireAt)).toBe(window);
    expect(specialOfferRemaining(expireAt, expireAt + 1000)).toBe(window - 1000);
    expect(specialOfferRemaining(expireAt, expireAt + window - 1)).toBe(1);
  });

  it('is 0 once the window has closed', () => {
    expect(specialOfferRemaining(expireAt, expireAt + window)).toBe(0);
    expect(specialOfferRemaining(expireAt, expireAt + window + 1)).toBe(0);
  });

  it('is 0 for an unknown expiry', () => {
    expect(specialOfferRemaining(Number.NaN, expireAt)).toBe(0);
  });
});
