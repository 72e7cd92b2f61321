import type { Capabilities } from '@tagscout/core/access';
import { relatedSearchesAllowed } from '@tagscout/core/access';
import type { RelatedSearches } from '@tagscout/core/api';
import type { Throttle } from '../guess-limits/throttle.js';

/** The free related-search limit counts per UTC day (its guards: related-limit.http.ts). */
export const RELATED_LIMIT_WINDOW_MS = 86_400_000;

/** What the visitor has of the limit today, without counting (the Me answer carries it); null: no limit. */
export async function readRelatedSearches(
  throttle: Throttle,
  visitor: RelatedVisitor,
): Promise<RelatedSearches | null> {
  const allowed = relatedSearchesAllowed(visitor.capabilities);
  if (allowed === null) return null;
  const key = meteredKey(visitor);
  // Not counted without a user or device id, so nothing is spent.
  const used = key ? await throttle.readRelatedExpansions(key, RELATED_LIMIT_WINDOW_MS) : 0;
  return { allowed, left: Math.max(0, allowed - used) };
}

interface RelatedVisitor {
  capabilities: Pick<Capabilities, 'unlimitedRelatedSearches' | 'relatedSearchLimit'>;
  userId: string | null;
  deviceId: string | null;
}

/** The counter of a metered visitor: per user, else per device; null when not metered or not counted. */
export function meteredKey(visitor: RelatedVisitor): string | null {
  if (relatedSearchesAllowed(visitor.capabilities) === null) return null;
  if (visitor.userId) return `user:${visitor.userId}`;
  return visitor.deviceId ? `device:${visitor.deviceId}` : null;
}
