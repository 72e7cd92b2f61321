import type { Network } from '@tagscout/core/networks';
import type { HashtagRow } from './hashtag-row.js';

/**
 * What the hashtag store asks of the live sources when a search or lookup misses (decision 010).
 * Absent when no server source is enabled: the store then answers from what it holds.
 */
export interface HashtagSourceHook {
  /** The network the source fetches from and writes to: only requests on it reach the source. */
  network: Network;
  /** Tags the store lacks: stored as `indexing` and fetched in the background. Answers their rows. */
  startIndexing(names: readonly string[]): Promise<HashtagRow[]>;
  /** Tags held without a count (seen in posts only): their counts are looked up in the background. */
  requestCounts(names: readonly string[]): void;
  /** A tag was searched for by name (background seeding refreshes the most-searched). */
  recordSearch(name: string): void;
}
