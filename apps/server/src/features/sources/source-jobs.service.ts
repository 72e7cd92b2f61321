import { FailureClass } from '@tagscout/core/api';
import { Network } from '@tagscout/core/networks';
import { isSourceFailure } from '@tagscout/sources/source';
import {
  endHashtagIndexing,
  findSeedHashtags,
  type HashtagRow,
  markHashtagsIndexing,
  recordHashtagSearches,
} from '../search/indexing.service.js';
import { ingestAutocomplete, ingestRecommend } from '../store/store.service.js';
import { FetchPriority } from './fetch-queue.js';
import type { ServerSource, SourcesContext } from './sources.context.js';

/** The store network the server's source (Mastodon) writes to and answers for. */
export const SERVER_SOURCE_NETWORK = Network.mastodon;

/** Counts one info request may ask the network for (the rest wait for a later request). */
const COUNTS_PER_REQUEST = 20;

/**
 * Tags the store lacks become `indexing` and are fetched in the background, unless the network
 * has blocked tag lookups (then the store answers as it would without a source).
 */
export async function startIndexing(
  context: SourcesContext,
  names: readonly string[],
): Promise<HashtagRow[]> {
  const { server } = context;
  if (!server || names.length === 0 || server.client.blocks.isBlocked('lookup:hashtag')) return [];
  const rows = await markHashtagsIndexing(context.database, {
    network: SERVER_SOURCE_NETWORK,
    names,
    now: context.clock.now(),
  });
  for (const row of rows) {
    if (row.count_state !== 'indexing') continue;
    context.queue.enqueue({
      key: `hashtag:${row.name}`,
      priority: FetchPriority.index,
      run: (signal) => fetchHashtag(context, server, { name: row.name, signal }),
    });
  }
  return rows;
}

/** Tags seen only in posts get their counts looked up, a few per request. */
export function requestCounts(context: SourcesContext, names: readonly string[]): void {
  const { server } = context;
  if (!server || server.client.blocks.isBlocked('lookup:hashtag')) return;
  for (const name of names.slice(0, COUNTS_PER_REQUEST)) {
    context.queue.enqueue({
      key: `count:${name}`,
      priority: FetchPriority.counts,
      run: (signal) => fetchCount(context, server, { name, signal }),
    });
  }
}

/**
 * Background seeding: the most-searched tags not refreshed since the last run are fetched again,
 * after anything users wait for. Answers the tags queued.
 */
export async function seedMostSearched(context: SourcesContext): Promise<string[]> {
  const { server } = context;
  await flushSearches(context);
  if (!server) return [];
  const now = context.clock.now();
  const names = await findSeedHashtags(context.database, {
    network: SERVER_SOURCE_NETWORK,
    limit: context.seed.count,
    staleBefore: now - context.seed.intervalMs,
  });
  return names.filter((name) =>
    context.queue.enqueue({
      key: `hashtag:${name}`,
      priority: FetchPriority.seed,
      run: (signal) => fetchHashtag(context, server, { name, signal }),
    }),
  );
}

export async function flushSearches(context: SourcesContext): Promise<void> {
  await recordHashtagSearches(context.database, SERVER_SOURCE_NETWORK, context.searches.take());
}

/**
 * A tag's count and recent posts, stored through the same ingest as POST /api/cache/recommend.
 * A tag the network does not know is cached with count 0; any other failure
 * leaves it unknown, so a later search tries again.
 */
async function fetchHashtag(
  context: SourcesContext,
  server: ServerSource,
  job: { name: string; signal: AbortSignal },
): Promise<void> {
  const { database } = context;
  const target = () => ({
    network: SERVER_SOURCE_NETWORK,
    source: server.source.name,
    now: context.clock.now(),
  });
  try {
    const body = await server.source.fetchRecent({ type: 'hashtag', name: job.name }, { signal: job.signal });
    await ingestRecommend(database, body, target());
  } catch (error) {
    if (!isSourceFailure(error) || error.failure !== FailureClass.notFound) throw error;
    const empty = { hashtag: { hashtag: job.name, count: 0 }, posts: [] };
    await ingestRecommend(database, empty, target());
  } finally {
    // Still indexing: the fetch failed, or the network knows the tag under another spelling.
    await endHashtagIndexing(database, SERVER_SOURCE_NETWORK, [job.name]);
  }
}

async function fetchCount(
  context: SourcesContext,
  server: ServerSource,
  job: { name: string; signal: AbortSignal },
): Promise<void> {
  const hashtags = await server.source.lookupCounts([job.name], { signal: job.signal });
  if (hashtags.length === 0) return;
  await ingestAutocomplete(
    context.database,
    { query: job.name, hashtags },
    { network: SERVER_SOURCE_NETWORK, source: server.source.name, now: context.clock.now() },
  );
}
