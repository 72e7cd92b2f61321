import { LIMITS } from '../limits/index.js';

export interface TrialNotice {
  unit: 'days' | 'hours' | 'oneHour' | 'lessThanHour';
  /** The number the notice shows: days or hours left, 1 for "1 hour" and "less than 1 hour". */
  value: number;
}

/**
 * How the trial notice words the time left (docs/product-rules.md#trials): above a day, days rounded up; above
 * an hour, hours rounded up; above 3500 s, "1 hour"; else "less than 1 hour".
 */
export function trialNoticeText(expireSeconds: number): TrialNotice {
  if (expireSeconds > LIMITS.secondsPerDay) {
    return { unit: 'days', value: Math.ceil(expireSeconds / LIMITS.secondsPerDay) };
  }
  if (expireSeconds > LIMITS.secondsPerHour) {
    return { unit: 'hours', value: Math.ceil(expireSeconds / LIMITS.secondsPerHour) };
  }
  if (expireSeconds > LIMITS.trialNoticeOneHourSeconds) return { unit: 'oneHour', value: 1 };
  return { unit: 'lessThanHour', value: 1 };
}
