import type { Database } from '../../db/connect.js';
import { type StreamBatch, type StreamIngestResult, storeStreamBatch } from './stream.repository.js';

export type { StreamBatch, StreamIngestResult, StreamPost } from './stream.repository.js';
export { readStreamCursor, type StreamCursor } from './stream-cursor.repository.js';
export {
  pruneDailyUses,
  pruneSeenPosts,
  pruneStreamPosts,
  pruneStreamWords,
  refreshWindowCounts,
} from './stream-retention.repository.js';

/**
 * A live stream's batch (the Bluesky firehose): every post counts once toward its tags' daily uses,
 * posts with two or more tags are kept for related tags, deletes remove stored posts, and the
 * touched tags' counts become their uses over the window (decision 013).
 */
export async function ingestStream(
  database: Database,
  batch: StreamBatch,
  options: { fastPath?: boolean } = {},
): Promise<StreamIngestResult> {
  return storeStreamBatch(database, batch, options);
}
