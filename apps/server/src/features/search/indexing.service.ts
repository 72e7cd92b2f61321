import type { Network } from '@tagscout/core/networks';
import type { Database } from '../../db/connect.js';
import type { HashtagRow } from './hashtag-row.js';
import {
  addHashtagSearches,
  endIndexing,
  findMostSearchedHashtags,
  insertIndexingHashtags,
} from './indexing.repository.js';

export type { HashtagRow };

/**
 * The count states the live sources move (decision 010): unknown tags become `indexing` while they
 * are fetched, then `known` through the ingest service, or `unknown` again if the fetch failed.
 */
export function markHashtagsIndexing(
  database: Database,
  options: { network: Network; names: readonly string[]; now: number },
): Promise<HashtagRow[]> {
  return insertIndexingHashtags(database, options);
}

export function endHashtagIndexing(
  database: Database,
  network: Network,
  names: readonly string[],
): Promise<void> {
  return endIndexing(database, network, names);
}

export function recordHashtagSearches(
  database: Database,
  network: Network,
  counts: ReadonlyMap<string, number>,
): Promise<void> {
  return counts.size === 0 ? Promise.resolve() : addHashtagSearches(database, network, counts);
}

/** Candidates for background seeding: the most-searched tags not refreshed since `staleBefore`. */
export function findSeedHashtags(
  database: Database,
  options: { network: Network; limit: number; staleBefore: number },
): Promise<string[]> {
  return findMostSearchedHashtags(database, options);
}
