import { LIMITS } from '../limits/index.js';

/**
 * Milliseconds left of the special offer, open for 3 days after the trial expired.
 * 0 before expiry and once the window has closed.
 */
export function specialOfferRemaining(expireAtMs: number, nowMs: number): number {
  if (!(nowMs >= expireAtMs)) return 0;
  return Math.max(0, expireAtMs + LIMITS.specialOfferWindowMs - nowMs);
}
