import { LIMITS } from '../limits/index.js';

/** Whether the live countdown shows: the live date is at most 15 minutes past, or still ahead. */
export function isLiveWindow(liveDateMs: number, nowMs: number): boolean {
  return liveDateMs >= nowMs - LIMITS.liveWindowMs;
}
