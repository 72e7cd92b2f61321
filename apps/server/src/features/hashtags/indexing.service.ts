import type { Database } from '../../db/connect.js';
import type { HashtagRow } from './hashtags.repository.js';
import {
  addHashtagSearches,
  endIndexing,
  findMostSearchedHashtags,
  insertIndexingHashtags,
} from './indexing.repository.js';

/**
 * The count states the live sources move (decision 010): unknown tags become `indexing` while they
 * are fetched, then `known` through the ingest service, or `unknown` again if the fetch failed.
 */
export function markHashtagsIndexing(
  database: Database,
  options: { names: readonly string[]; now: number },
): Promise<HashtagRow[]> {
  return insertIndexingHashtags(database, options.names, options.now);
}

export function endHashtagIndexing(database: Database, names: readonly string[]): Promise<void> {
  return endIndexing(database, names);
}

export function recordHashtagSearches(
  database: Database,
  counts: ReadonlyMap<string, number>,
): Promise<void> {
  return counts.size === 0 ? Promise.resolve() : addHashtagSearches(database, counts);
}

/** Candidates for background seeding: the most-searched tags not refreshed since `staleBefore`. */
export function findSeedHashtags(
  database: Database,
  options: { limit: number; staleBefore: number },
): Promise<string[]> {
  return findMostSearchedHashtags(database, options);
}
