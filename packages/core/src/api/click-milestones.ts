import { LIMITS } from '../limits/index.js';

/** The clicks counted on the device (docs/product-rules.md#device-storage). */
export const CLICK_COUNTERS = {
  copyClick: 'copyClickCount',
  drillClick: 'drillClickCount',
  saveClick: 'saveClickCount',
} as const;
export type CountedClick = keyof typeof CLICK_COUNTERS;

/** A copy, drill or save click sends an event at the 1st, 5th and 10th click only. */
export function isClickMilestone(count: number): boolean {
  return (LIMITS.clickEventCounts as readonly number[]).includes(count);
}
