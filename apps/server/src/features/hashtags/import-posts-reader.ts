import { checkPostLine } from './import-post-line.js';
import type { PostToStore } from './ingest.repository.js';
import { type IncomingPost, preparePosts } from './ingest.service.js';
import { readJsonLines } from './read-json-lines.js';

/** Posts of an import file, checked and prepared for storing, with what was skipped since the last batch. */
export interface PostBatch {
  posts: PostToStore[];
  /** Valid posts with fewer than two hashtags. */
  tooFewTags: number;
  /** What is wrong with each bad line, with its line number. */
  badLines: string[];
}

/** A batch is sent early once this many bad lines wait in it, so a file of bad lines is not held in memory. */
const BAD_LINES_PER_BATCH = 1000;

/** The file's posts in batches of `batchSize` (the last one smaller); a post without a timestamp gets `importedAt`. */
export async function* readPostBatches(options: {
  file: string;
  importedAt: number;
  batchSize: number;
}): AsyncGenerator<PostBatch> {
  let incoming: IncomingPost[] = [];
  let badLines: string[] = [];
  const batch = (): PostBatch => {
    const { posts, skipped } = preparePosts(incoming);
    const done = { posts, tooFewTags: skipped, badLines };
    incoming = [];
    badLines = [];
    return done;
  };
  for await (const line of readJsonLines({ file: options.file, check: checkPostLine })) {
    if ('bad' in line) badLines.push(line.bad);
    else incoming.push({ ...line.value, timestamp: line.value.timestamp ?? options.importedAt });
    if (incoming.length === options.batchSize || badLines.length >= BAD_LINES_PER_BATCH) yield batch();
  }
  if (incoming.length > 0 || badLines.length > 0) yield batch();
}
