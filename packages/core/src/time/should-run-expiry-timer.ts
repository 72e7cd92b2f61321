import { LIMITS } from '../limits/index.js';

/**
 * Whether to arm the trial-expiry timer. Longer trials are never armed: setTimeout cannot wait
 * 2^31 ms or more and would fire at once.
 */
export function shouldRunExpiryTimer(inTrial: boolean, expireSeconds: number): boolean {
  return inTrial && expireSeconds < LIMITS.expireTimerMaxSeconds;
}
