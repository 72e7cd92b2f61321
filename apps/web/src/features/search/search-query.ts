import { INGEST_LIMITS } from '@tagscout/core/api';
import { countTagChars, normalizeQuery, normalizeTagQuery } from '@tagscout/core/hashtags';
import { LIMITS } from '@tagscout/core/limits';
import type { Network } from '@tagscout/core/networks';
import { SearchKind } from './search-api';

/**
 * What is searched for: tags folded as the network stores them, as the server folds them too ("K-Pop"
 * is Bluesky's k-pop, "Café" Mastodon's cafe; without a chosen network, the rules all share), words
 * joined into one tag ("travel photography" is #travelphotography); places and profiles as text.
 */
export function searchQueryOf(kind: SearchKind, text: string, network: Network | null): string {
  return kind === SearchKind.tags ? normalizeTagQuery(text, network ?? undefined) : normalizeQuery(text);
}

/**
 * A query's length and the most it may have: a tag's length for tags (no longer tag exists, so it
 * is not asked for), what the server takes for places.
 */
export function queryLengthOf(kind: SearchKind, query: string): { chars: number; max: number } {
  return kind === SearchKind.tags
    ? { chars: countTagChars(query), max: LIMITS.hashtagMaxChars }
    : { chars: query.length, max: INGEST_LIMITS.queryChars };
}

export function isQueryTooLong(kind: SearchKind, query: string): boolean {
  const { chars, max } = queryLengthOf(kind, query);
  return chars > max;
}
