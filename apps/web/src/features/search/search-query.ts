import { normalizeQuery, normalizeTagQuery } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import { SearchKind } from './search-api';

/**
 * What is searched for: tags folded as the network stores them, as the server folds them too ("K-Pop"
 * is Bluesky's k-pop, "Café" Mastodon's cafe; without a chosen network, the rules all share); places
 * and profiles as text.
 */
export function searchQueryOf(kind: SearchKind, text: string, network: Network | null): string {
  return kind === SearchKind.tags ? normalizeTagQuery(text, network ?? undefined) : normalizeQuery(text);
}
