import type { Capabilities } from './capabilities.js';

/**
 * Free-group related-search gating: once searches reach the limit, one further expansion is
 * allowed and then blocked (docs/product-rules.md#free-limits).
 */
export function canExpandRelated(
  caps: Pick<Capabilities, 'unlimitedRelatedSearches' | 'relatedSearchLimit'>,
  usage: { searches: number; expansionsAtLimit: number },
): boolean {
  if (caps.unlimitedRelatedSearches || caps.relatedSearchLimit === null) return true;
  if (usage.searches < caps.relatedSearchLimit) return true;
  return usage.expansionsAtLimit < 1;
}

/** Related searches a free visitor gets a day: the limit, then the one further expansion; null = no limit. */
export function relatedSearchesAllowed(
  caps: Pick<Capabilities, 'unlimitedRelatedSearches' | 'relatedSearchLimit'>,
): number | null {
  if (caps.unlimitedRelatedSearches || caps.relatedSearchLimit === null) return null;
  return caps.relatedSearchLimit + 1;
}
