import type { Network } from '@tagscout/core/networks';
import type { Database } from '../../db/connect.js';
import type { HashtagRow } from './hashtag-row.js';
import { findHashtagsByNames } from './search.repository.js';

/** Adds the tags the network lacks as `indexing` (count -1); answers the rows of every name. */
export async function insertIndexingHashtags(
  database: Database,
  options: { network: Network; names: readonly string[]; now: number },
): Promise<HashtagRow[]> {
  const { network, names, now } = options;
  if (names.length === 0) return [];
  await database.db
    .insertInto('hashtags')
    .values(
      names.map((name) => ({
        network,
        name,
        post_count: -1,
        count_state: 'indexing' as const,
        banned: 0,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['network', 'name']).doNothing())
    .execute();
  return findHashtagsByNames(database, network, names);
}

/** Tags still `indexing` (the fetch failed, or found them under another name) go back to unknown. */
export async function endIndexing(
  database: Database,
  network: Network,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await database.db
    .updateTable('hashtags')
    .set({ count_state: 'unknown' })
    .where('network', '=', network)
    .where('name', 'in', names)
    .where('count_state', '=', 'indexing')
    .execute();
}

/** Adds searches to tags' counters, one statement per distinct increment. */
export async function addHashtagSearches(
  database: Database,
  network: Network,
  counts: ReadonlyMap<string, number>,
): Promise<void> {
  const byIncrement = new Map<number, string[]>();
  for (const [name, count] of counts) byIncrement.set(count, [...(byIncrement.get(count) ?? []), name]);
  await database.db.transaction().execute(async (trx) => {
    for (const [increment, names] of byIncrement) {
      await trx
        .updateTable('hashtags')
        .set((eb) => ({ searches: eb('searches', '+', increment) }))
        .where('network', '=', network)
        .where('name', 'in', names)
        .execute();
    }
  });
}

/** The most-searched tags not written since `staleBefore` (epoch ms), most searches first. */
export async function findMostSearchedHashtags(
  database: Database,
  options: { network: Network; limit: number; staleBefore: number },
): Promise<string[]> {
  if (options.limit <= 0) return [];
  const rows = await database.db
    .selectFrom('hashtags')
    .select('name')
    .where('network', '=', options.network)
    .where('searches', '>', 0)
    .where('updated_at', '<', options.staleBefore)
    .orderBy('searches', 'desc')
    .orderBy('name')
    .limit(options.limit)
    .execute();
  return rows.map((row) => row.name);
}
