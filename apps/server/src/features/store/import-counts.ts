import { INGEST_LIMITS } from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import type { Network } from '@tagscout/core/networks';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/connect.js';
import { IMPORT_SOURCE } from './import-posts.js';
import { readJsonLines } from './read-json-lines.js';
import { storeIngest } from './store.repository.js';

/** The networks a counts file may name; instagram when a line names none. */
const COUNT_NETWORKS = ['instagram', 'bluesky', 'mastodon', 'sample'] as const;

/**
 * One line of a counts file: what an operator imports is trusted and served as it is (decision 011).
 * Unknown fields are ignored.
 */
const CountLineSchema = z.object(
  {
    hashtag: z
      .string({ error: 'hashtag must be text' })
      .min(1, 'hashtag must not be empty')
      .max(INGEST_LIMITS.hashtagChars, `hashtag must be at most ${INGEST_LIMITS.hashtagChars} characters`),
    count: z
      .number({ error: 'count must be a number' })
      .int('count must be a whole number')
      .min(0, 'count must be 0 or more')
      .max(INGEST_LIMITS.maxCount, `count must be at most ${INGEST_LIMITS.maxCount.toLocaleString('en')}`),
    network: z
      .enum(COUNT_NETWORKS, { error: `network must be one of ${COUNT_NETWORKS.join(', ')}` })
      .default('instagram'),
  },
  { error: 'a line must be one JSON object' },
);

export interface CountsImportReport {
  imported: number;
  /** Lines that are not a valid count. */
  badLines: number;
  seconds: number;
}

const BATCH = 5_000;

/**
 * Streams a JSON-lines file of counts ({"hashtag","count","network"}) into the store in batches, as
 * trusted counts (source `import` unless named); bad lines are reported by number and skipped.
 */
export async function importCountsFile(
  database: Database,
  options: {
    file: string;
    source?: string;
    onBadLine?: (message: string) => void;
    /** The server clock: each count's write time (the newest count wins). */
    now: Clock;
  },
): Promise<CountsImportReport> {
  const started = performance.now();
  const source = options.source ?? IMPORT_SOURCE;
  const report = { imported: 0, badLines: 0 };
  // Per network, so each batch writes one network's tags (a tag is a name on a network).
  const batches = new Map<string, { name: string; count: number }[]>();

  const flush = async (network: string) => {
    const hashtags = batches.get(network) ?? [];
    if (hashtags.length === 0) return;
    batches.set(network, []);
    // The line schema lets through only core's networks.
    await storeIngest(database, { hashtags, network: network as Network, source, now: options.now() });
    report.imported += hashtags.length;
  };

  const counts = readJsonLines({
    file: options.file,
    check: checkCountLine,
    onBadLine: (message) => {
      report.badLines++;
      options.onBadLine?.(message);
    },
  });
  for await (const parsed of counts) {
    const batch = batches.get(parsed.network) ?? [];
    batch.push({ name: parsed.name, count: parsed.count });
    batches.set(parsed.network, batch);
    if (batch.length === BATCH) await flush(parsed.network);
  }
  for (const network of batches.keys()) await flush(network);
  return { ...report, seconds: (performance.now() - started) / 1000 };
}

/** The count on a line, or a sentence saying what is wrong with it. */
function checkCountLine(value: unknown): { name: string; count: number; network: string } | string {
  const result = CountLineSchema.safeParse(value);
  if (!result.success) return result.error.issues.map((issue) => issue.message).join('; ');
  const name = normalizeHashtag(result.data.hashtag, result.data.network);
  if (name === null) return `"${result.data.hashtag}" is not a valid hashtag`;
  return { name, count: result.data.count, network: result.data.network };
}
