import type { IngestCorpus } from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import { Network } from '@tagscout/core/networks';
import type { Database } from '../../db/connect.js';
import {
  hasAnyPost,
  type IngestBatch,
  linkPendingPosts,
  pruneImportedCaptionWords,
  type StoreOptions,
  storeIngest,
} from './store.repository.js';
import { preparePosts, toPlace, toProfile } from './store.service.js';

export const SAMPLE_SOURCE = 'sample';

export interface SeedReport {
  posts: number;
  skipped: number;
  hashtags: number;
  places: number;
  profiles: number;
  seconds: number;
}

/** Makes the sample corpus whose posts end at `now` (the generator lives in @tagscout/corpus). */
export type GenerateCorpus = (options: { now: number }) => IngestCorpus;

/**
 * Posts per transaction: fewer commits, each of which rewrites much of the post id index
 * (bench/HISTORY.md, "Import: tag links sorted in memory").
 */
const BATCH = 50_000;

/**
 * Seeds an empty store with the sample corpus, so a fresh machine shows a living product with no
 * network; a store that holds any post is left as it is. Returns null when it did not seed.
 */
export async function seedSampleIfEmpty(
  database: Database,
  options: { generate: GenerateCorpus; now: number; log?: (message: string) => void },
): Promise<SeedReport | null> {
  const { generate, now, log } = options;
  if (await hasAnyPost(database)) return null;
  log?.('The store is empty: importing the sample corpus (first start only)...');
  // Posts end at the start of today (UTC), so the sample's last day is a whole day for its trends.
  return seedSampleCorpus(database, generate({ now: startOfUtcDay(now) }), { log, now });
}

/**
 * Writes a sample corpus through the ingest path in batches of 50,000 posts, each one transaction,
 * with the links deferred and then written at once, sorted by tag (linkPendingPosts).
 */
export async function seedSampleCorpus(
  database: Database,
  corpus: IngestCorpus,
  options: {
    log?: (message: string) => void;
    /** Epoch ms of the write (the server clock). */
    now: number;
  },
): Promise<SeedReport> {
  const started = performance.now();
  const { now } = options;
  const storeOptions: StoreOptions = { tagIds: new Map(), deferLinks: true };
  // The sample is a network of its own, shown as "Sample data", never as Instagram.
  const store = (batch: Omit<IngestBatch, 'network' | 'source' | 'now'>) =>
    storeIngest(database, { ...batch, network: Network.sample, source: SAMPLE_SOURCE, now }, storeOptions);

  for (const chunk of chunksOf(corpus.hashtags, BATCH)) {
    const hashtags = chunk.flatMap((tag) => {
      const name = normalizeHashtag(tag.hashtag, Network.sample);
      return name === null ? [] : [{ name, count: tag.count }];
    });
    await store({ hashtags });
  }
  for (const chunk of chunksOf(corpus.places, BATCH)) {
    await store({
      places: chunk.map((place) =>
        toPlace({ place_id: place.place_id, title: place.title, count: place.count }),
      ),
    });
  }
  for (const chunk of chunksOf(corpus.profiles, BATCH)) {
    await store({
      profiles: chunk.map((profile) => toProfile({ ...profile, username: profile.username.toLowerCase() })),
    });
  }

  let posts = 0;
  let skipped = 0;
  let batch: Parameters<typeof preparePosts>[0][number][] = [];
  const flush = async () => {
    const prepared = preparePosts(batch, { network: Network.sample });
    await store({ posts: prepared.posts });
    posts += prepared.posts.length;
    skipped += prepared.skipped;
    batch = [];
  };
  for (const post of corpus.posts()) {
    batch.push(post);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  await linkPendingPosts(database, { now });
  await pruneImportedCaptionWords(database, Network.sample);

  const report: SeedReport = {
    posts,
    skipped,
    hashtags: corpus.hashtags.length,
    places: corpus.places.length,
    profiles: corpus.profiles.length,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  options.log?.(
    `Imported the sample corpus: ${report.posts} posts, ${report.hashtags} hashtags, ${report.places} places, ` +
      `${report.profiles} profiles in ${report.seconds} s`,
  );
  return report;
}

function startOfUtcDay(ms: number): number {
  return ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
}

const DAY_MS = 86_400_000;

function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
