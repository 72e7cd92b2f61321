import type { Database } from '@tagscout/server/db';
import { autocompleteHashtags, createHashtagContext } from '@tagscout/server/hashtags';
import { sql } from 'kysely';
import { createRandom, pick } from './stats.js';

/**
 * Issue 33's search-screen mix, drawn from what autocomplete shows rather than from the whole store:
 * the tags a user can reach by typing. 80% autocomplete of a prefix of 1 to 5 characters (uniform
 * length) of a tag drawn uniformly from every tag the two-letter prefixes (aa to zz) answer; 10%
 * counts of 100 such names in one request; 10% related tags of one of the tags the one-letter
 * prefixes (a to z) answer.
 */
export interface ScreenSamples {
  /** Every tag the two-letter prefixes (a to z) answer in autocomplete (about 9,300). */
  typed: string[];
  /** Every tag the one-letter prefixes answer (about 1,300). */
  opened: string[];
  /** How many prefixes of each length were asked. */
  prefixCounts: { one: number; two: number };
}

/**
 * The rounds: 8 s after a 2 s warm-up on a fresh server; then `warmRounds` more of 8 s on the
 * same server, the last of them the server with most answers asked before.
 */
export const SCREEN_LOAD = { seconds: 8, warmupSeconds: 2, warmRounds: 2 } as const;

/** The settings drawn with: no cache, so every answer is the store's. */
const UNCACHED = {
  RELATED_POST_WINDOW: 500,
  RELATED_CACHE_SECONDS: 0,
  RELATED_CACHE_ENTRIES: 0,
  DEFAULT_NETWORK: ['sample' as const],
  now: Date.now,
};

export async function drawScreenSamples(database: Database): Promise<ScreenSamples> {
  const context = createHashtagContext(database, UNCACHED);
  try {
    const one = await prefixesOf(database, 1);
    const two = await prefixesOf(database, 2);
    const answered = async (prefixes: string[]) => {
      const names = new Set<string>();
      for (const prefix of prefixes) {
        const { hashtags } = await autocompleteHashtags(context, { query: prefix });
        for (const tag of hashtags) if (!tag.banned && tag.count >= 0) names.add(tag.hashtag);
      }
      return [...names].sort();
    };
    return {
      typed: await answered(two),
      opened: await answered(one),
      prefixCounts: { one: one.length, two: two.length },
    };
  } finally {
    context.postTracker.stop();
  }
}

/** The distinct first `length` letters (a to z) of the sample network's tags' search keys. */
async function prefixesOf(database: Database, length: number): Promise<string[]> {
  const rows = await sql<{ prefix: string }>`
    select distinct substr(coalesce(search_key, name), 1, ${length}) as prefix from hashtags
    where network = 'sample' and banned = 0 and count_state = 'known'`.execute(database.db);
  return rows.rows
    .map((row) => row.prefix)
    .filter((prefix) => prefix.length === length && /^[a-z]+$/.test(prefix))
    .sort();
}

/** The mix's request paths, seeded, in a random order. */
export function screenMixPaths(samples: ScreenSamples, size = 20_000): string[] {
  const random = createRandom(33);
  const encode = encodeURIComponent;
  const prefixOf = () => {
    const letters = [...pick(samples.typed, random)];
    return letters.slice(0, Math.min(letters.length, 1 + Math.floor(random() * 5))).join('');
  };
  const batchOf = () => {
    const batch = new Set<string>();
    while (batch.size < Math.min(100, samples.typed.length)) batch.add(pick(samples.typed, random));
    return [...batch].join(',');
  };
  return Array.from({ length: size }, () => {
    const roll = random();
    if (roll < 0.8) return `/api/autocomplete/hashtag/${encode(prefixOf())}`;
    if (roll < 0.9) return `/api/info/hashtag/${encode(batchOf())}`;
    return `/api/info/hashtag/${encode(pick(samples.opened, random))}?recommended=1`;
  });
}
