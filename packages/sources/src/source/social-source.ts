import type {
  CacheAutocompleteBody,
  CacheRecommendBody,
  IngestHashtag,
  SourceItemType,
} from '@tagscout/core/api';

/** What to search for: a query among one type of item. */
export interface SearchRequest {
  type: SourceItemType;
  query: string;
}

/** One item whose page (count and recent posts) is read. */
export type ItemRef =
  | { type: 'hashtag'; name: string }
  | { type: 'place'; id: string }
  | { type: 'profile'; username: string };

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * One social network. Answers come in the store's ingest shapes (the bodies of POST
 * /api/cache/autocomplete and /api/cache/recommend), so the server and devices store them alike.
 * Every method fails with a SourceFailure classed as in docs/product-rules.md#live-sources.
 */
export interface SocialSource {
  readonly name: string;
  /** What this network can answer; other calls throw UnsupportedCallError. */
  readonly supports: {
    search: readonly SourceItemType[];
    recent: readonly SourceItemType[];
    counts: boolean;
  };
  /** Items matching the query, with their counts. */
  search(request: SearchRequest, options?: CallOptions): Promise<CacheAutocompleteBody>;
  /** The item with its count and its most recent posts. A missing item fails 'not-found'. */
  fetchRecent(item: ItemRef, options?: CallOptions): Promise<CacheRecommendBody>;
  /** Counts of tags, in the order asked; a tag the network does not know has count 0. */
  lookupCounts(names: readonly string[], options?: CallOptions): Promise<IngestHashtag[]>;
}

export class UnsupportedCallError extends Error {
  constructor(source: string, what: string) {
    super(`${source} cannot ${what}`);
    this.name = 'UnsupportedCallError';
  }
}
