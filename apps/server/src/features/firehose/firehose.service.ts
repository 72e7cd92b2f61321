import { CAPTION_SINGLES_KEEP_DAYS } from '@tagscout/core/caption';
import { dayOfEpochMs, Network } from '@tagscout/core/networks';
import { TRENDING_DAYS } from '@tagscout/core/trends';
import type { JetstreamBatch } from '@tagscout/sources/bluesky';
import {
  ingestStream,
  pruneDailyUses,
  pruneSeenPosts,
  pruneStreamPosts,
  pruneStreamWords,
  readStreamCursor,
  refreshWindowCounts,
  type StreamBatch,
  type StreamPost,
} from '../stream/stream.service.js';
import type { FirehoseContext } from './firehose.context.js';

export const STREAM = Network.bluesky;
/** A tag's Bluesky count: its uses over this many days, today included. */
export const COUNT_DAYS = 7;
/** Daily uses are kept this long (trends over a year). */
export const DAILY_USES_DAYS = 366;
/** Post ids counted are remembered this long before the newest event: far beyond any replay. */
export const SEEN_KEEP_SECONDS = 3600;
/** Rows per background statement, so no write holds the store for long. */
const SLICE = 500;
/** Slices per maintenance run and task; the rest waits for the next run. */
const SLICES_PER_RUN = 40;

export function resumeCursor(context: FirehoseContext): Promise<number | undefined> {
  return readStreamCursor(context.database, STREAM);
}

/**
 * Stores a batch of Jetstream events: posts with tags are counted (once each) and those with two or
 * more kept; deleted posts, and the posts of deleted or taken-down accounts, removed; and the cursor
 * moves to the batch's newest event, all in one transaction.
 */
export async function storeFirehoseBatch(context: FirehoseContext, batch: JetstreamBatch): Promise<void> {
  const posts: StreamPost[] = [];
  const deletedPosts: string[] = [];
  const deletedOwners: string[] = [];
  for (const event of batch.events) {
    if (event.type === 'post' && event.post.tags.length > 0) {
      const { post } = event;
      posts.push({
        postId: post.uri,
        owner: post.did,
        takenAt: post.takenAt,
        hashtags: post.tags,
        langs: post.langs,
        text: post.text,
        seenAt: Math.floor(event.timeUs / 1e6),
      });
    } else if (event.type === 'delete') deletedPosts.push(event.uri);
    else if (event.type === 'account' && !event.active && isGone(event.status)) deletedOwners.push(event.did);
  }
  const now = context.clock.now();
  // Without events (only malformed frames) there is nothing to store and no cursor to move.
  const cursor = batch.lastTimeUs;
  if (cursor === undefined) return;
  const streamBatch: StreamBatch = {
    network: Network.bluesky,
    source: Network.bluesky,
    posts,
    deletedPosts,
    deletedOwners,
    countDays: COUNT_DAYS,
    today: dayOfEpochMs(now),
    now,
    cursor: { stream: STREAM, cursor, instance: batch.instance },
  };
  const result = await ingestStream(context.database, streamBatch);
  context.totals.counted += result.counted;
  context.totals.stored += result.stored;
}

/** Deleted and taken-down accounts' posts go; suspended or deactivated ones may come back. */
function isGone(status: string | undefined): boolean {
  return status === 'deleted' || status === 'takendown';
}

/**
 * One round of background upkeep, in slices: forget old post ids, drop posts past retention, and on
 * a new day refresh every tag's 7-day count and drop daily uses older than a year.
 */
export async function maintainFirehose(context: FirehoseContext): Promise<void> {
  const { database, maintenance: state } = context;
  const now = context.clock.now();
  const today = dayOfEpochMs(now);
  const cursor = await readStreamCursor(database, STREAM);
  if (cursor !== undefined) {
    const before = Math.floor(cursor / 1e6) - SEEN_KEEP_SECONDS;
    await slices(() =>
      pruneSeenPosts(database, { network: Network.bluesky, before, limit: SLICE }).then((n) => n === SLICE),
    );
  }
  const before = Math.floor(now / 1000) - context.retentionDays * 86_400;
  await slices(() =>
    pruneStreamPosts(database, { network: Network.bluesky, before, limit: SLICE }).then((n) => n === SLICE),
  );
  if (state.refreshedDay !== today) {
    await slices(async () => {
      state.refreshAfterId = await refreshWindowCounts(database, {
        network: Network.bluesky,
        fromDay: today - COUNT_DAYS + 1,
        afterId: state.refreshAfterId ?? 0,
        limit: SLICE,
        source: Network.bluesky,
        now,
      });
      if (state.refreshAfterId === undefined) state.refreshedDay = today;
      return state.refreshAfterId !== undefined;
    });
  }
  if (state.prunedUsesDay !== today) {
    await slices(async () => {
      state.pruneUsesAfterId = await pruneDailyUses(database, {
        network: Network.bluesky,
        beforeDay: today - DAILY_USES_DAYS + 1,
        authorsBeforeDay: today - TRENDING_DAYS + 1,
        afterId: state.pruneUsesAfterId ?? 0,
        limit: SLICE,
      });
      if (state.pruneUsesAfterId === undefined) state.prunedUsesDay = today;
      return state.pruneUsesAfterId !== undefined;
    });
  }
  if (state.prunedWordsDay !== today) {
    await pruneStreamWords(database, {
      network: Network.bluesky,
      lastDayBefore: today - CAPTION_SINGLES_KEEP_DAYS + 1,
    });
    state.prunedWordsDay = today;
  }
}

/** Runs `slice` until it says it is done or the run's share is spent, letting requests in between. */
async function slices(slice: () => Promise<boolean>): Promise<void> {
  for (let run = 0; run < SLICES_PER_RUN; run++) {
    if (!(await slice())) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
