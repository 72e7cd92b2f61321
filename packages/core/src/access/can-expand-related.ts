import type { Capabilities } from './capabilities.js';

/**
 * Free-group related-search gating: once searches reach the limit, one further expansion is
 * allowed and then blocked (SPEC section 6).
 */
export function canExpandRelated(
  caps: Pick<Capabilities, 'unlimitedRelatedSearches' | 'relatedSearchLimit'>,
  usage: { searches: number; expansionsAtLimit: number },
): boolean {
  if (caps.unlimitedRelatedSearches || caps.relatedSearchLimit === null) return true;
  if (usage.searches < caps.relatedSearchLimit) return true;
  return usage.expansionsAtLimit < 1;
}
