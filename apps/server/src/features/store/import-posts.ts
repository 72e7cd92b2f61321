import { INGEST_LIMITS } from '@tagscout/core/api';
import { Network } from '@tagscout/core/networks';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/connect.js';
import { readJsonLines } from './read-json-lines.js';
import {
  linkPendingPosts,
  pruneImportedCaptionWords,
  type StoreOptions,
  storeIngest,
} from './store.repository.js';
import { type IncomingPost, preparePosts } from './store.service.js';

export const IMPORT_SOURCE = 'import';

/** An owner's or a place's id, as the network gives it. */
const idText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .min(1, `${field} must be 1 to ${INGEST_LIMITS.idChars} characters`)
    .max(INGEST_LIMITS.idChars, `${field} must be 1 to ${INGEST_LIMITS.idChars} characters`);

/**
 * One line of an import file: the ingest post shape. Looser than the crowd cache, since an admin
 * chose the file: unknown fields are ignored, owner and timestamp may be missing (the timestamp
 * then is the time of the import), and invalid tags are dropped by the core rules, not refused.
 * A timestamp past the import's start (epoch seconds) and the allowed skew is in the future.
 */
const importLineSchema = (importedAt: number) =>
  z.object(
    {
      post_id: z
        .string({ error: 'post_id must be text' })
        .regex(/^[A-Za-z0-9_.:/-]{1,100}$/, 'post_id must be 1 to 100 letters, digits or _ . : / -'),
      owner: idText('owner').nullish(),
      timestamp: z
        .number({ error: 'timestamp must be seconds since 1970' })
        .int('timestamp must be whole seconds since 1970')
        .min(0, 'timestamp must not be before 1970')
        .refine(
          (seconds) => seconds <= importedAt + INGEST_LIMITS.futureSkewSeconds,
          'timestamp is in the future',
        )
        .optional(),
      hashtags: z
        .array(
          z
            .string({ error: 'hashtags must be a list of text' })
            .max(
              INGEST_LIMITS.hashtagChars,
              `a hashtag must be at most ${INGEST_LIMITS.hashtagChars} characters`,
            ),
          { error: 'hashtags must be a list of text' },
        )
        .max(INGEST_LIMITS.hashtagsPerPost, `hashtags may hold at most ${INGEST_LIMITS.hashtagsPerPost} tags`)
        .optional(),
      caption: z
        .string({ error: 'caption must be text' })
        .max(
          INGEST_LIMITS.captionChars * 4,
          `caption must be at most ${INGEST_LIMITS.captionChars * 4} characters`,
        )
        .optional(),
      place_id: idText('place_id').nullish(),
    },
    { error: 'a line must be one JSON object' },
  );

export interface ImportReport {
  imported: number;
  /** Lines that are not a valid post. */
  badLines: number;
  /** Valid posts with fewer than two hashtags. */
  tooFewTags: number;
  seconds: number;
  postsPerSecond: number;
}

/**
 * Posts per transaction: fewer commits, each of which rewrites much of the post id index
 * (bench/HISTORY.md, "Import: tag links sorted in memory").
 */
const BATCH = 50_000;
/** Tag ids kept in memory across batches; cleared when it grows past this. */
const TAG_ID_CACHE_MAX = 2_000_000;

/**
 * Streams a JSON-lines file of posts into the store in batches; bad lines are reported, not fatal.
 * The posts' links are written at the end, all at once and sorted by tag (see linkPendingPosts), so
 * the imported posts count for their tags once the import has finished.
 */
export async function importPostsFile(
  database: Database,
  options: {
    file: string;
    network?: Network;
    source?: string;
    onBadLine?: (message: string) => void;
    /** The server clock: the posts' write time, and the timestamp of a line without one. */
    now: Clock;
  },
): Promise<ImportReport> {
  const started = performance.now();
  const importedAt = Math.floor(options.now() / 1000);
  const lineSchema = importLineSchema(importedAt);
  const storeOptions: StoreOptions = { tagIds: new Map(), deferLinks: true };
  const report = { imported: 0, badLines: 0, tooFewTags: 0 };
  let batch: IncomingPost[] = [];

  const flush = async () => {
    const network = options.network ?? Network.instagram;
    const { posts, skipped } = preparePosts(batch, { network });
    await storeIngest(
      database,
      {
        posts,
        network,
        source: options.source ?? IMPORT_SOURCE,
        now: options.now(),
      },
      storeOptions,
    );
    report.imported += posts.length;
    report.tooFewTags += skipped;
    batch = [];
    if (storeOptions.tagIds!.size > TAG_ID_CACHE_MAX) storeOptions.tagIds!.clear();
  };

  const posts = readJsonLines({
    file: options.file,
    check: (value) => checkPostLine(lineSchema, value),
    onBadLine: (message) => {
      report.badLines++;
      options.onBadLine?.(message);
    },
  });
  for await (const parsed of posts) {
    batch.push({ ...parsed, timestamp: parsed.timestamp ?? importedAt });
    if (batch.length === BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  await linkPendingPosts(database, { now: options.now() });
  await pruneImportedCaptionWords(database, options.network ?? Network.instagram);

  const seconds = (performance.now() - started) / 1000;
  return { ...report, seconds, postsPerSecond: seconds > 0 ? Math.round(report.imported / seconds) : 0 };
}

/** The post on a line, or a sentence saying what is wrong with it. */
function checkPostLine(
  schema: ReturnType<typeof importLineSchema>,
  value: unknown,
): z.infer<ReturnType<typeof importLineSchema>> | string {
  const result = schema.safeParse(value);
  if (!result.success) {
    return result.error.issues.map((issue) => issue.message).join('; ');
  }
  if (result.data.hashtags === undefined && result.data.caption === undefined)
    return 'needs "hashtags" or "caption"';
  return result.data;
}
