import { LIMITS } from '../limits/index.js';

/** A badge number: "99+" above 99. */
export function formatBadge(n: number): string {
  if (n > LIMITS.badgeMax) return `${LIMITS.badgeMax}+`;
  return String(Math.max(0, Math.floor(n) || 0));
}
