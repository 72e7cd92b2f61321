import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import { Network } from '@tagscout/core/networks';
import type { Database } from '../../db/connect.js';
import type { PostBatch } from './import-posts-reader.js';
import type { ReaderData } from './import-posts-worker.js';
import { linkPendingPosts, type StoreOptions, storeIngest } from './ingest.repository.js';

export const IMPORT_SOURCE = 'import';

export interface ImportReport {
  imported: number;
  /** Lines that are not a valid post. */
  badLines: number;
  /** Valid posts with fewer than two hashtags. */
  tooFewTags: number;
  seconds: number;
  postsPerSecond: number;
}

/** Posts per transaction: fewer commits, each of which rewrites much of the post id index (bench/README.md). */
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
    /** Posts per transaction; BATCH unless a test asks for smaller ones. */
    batchSize?: number;
  },
): Promise<ImportReport> {
  const started = performance.now();
  const storeOptions: StoreOptions = { tagIds: new Map(), deferLinks: true };
  const report = { imported: 0, badLines: 0, tooFewTags: 0 };
  const batches = readInWorker({
    file: options.file,
    importedAt: Math.floor(Date.now() / 1000),
    batchSize: options.batchSize ?? BATCH,
  });
  for await (const batch of batches) {
    report.badLines += batch.badLines.length;
    for (const message of batch.badLines) options.onBadLine?.(message);
    await storeIngest(
      database,
      {
        posts: batch.posts,
        network: options.network ?? Network.instagram,
        source: options.source ?? IMPORT_SOURCE,
        now: Date.now(),
      },
      storeOptions,
    );
    report.imported += batch.posts.length;
    report.tooFewTags += batch.tooFewTags;
    if (storeOptions.tagIds!.size > TAG_ID_CACHE_MAX) storeOptions.tagIds!.clear();
  }
  await linkPendingPosts(database);

  const seconds = (performance.now() - started) / 1000;
  return { ...report, seconds, postsPerSecond: seconds > 0 ? Math.round(report.imported / seconds) : 0 };
}

/** Starts the thread that reads the file (import-posts-worker.ts). */
function startReader(data: ReaderData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./import-posts-worker.js', import.meta.url), { workerData: data });
  }
  // Run from TypeScript (tests, the bench), the thread loads its file through tsx, as its parent was.
  const file = new URL('./import-posts-worker.ts', import.meta.url).href;
  const load = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(file)}, ${JSON.stringify(file)}))`;
  return new Worker(load, { eval: true, workerData: data, execArgv: ['--conditions=source'] });
}

/**
 * The file's batches, read on another thread: reading, JSON, the line checks and preparing take
 * about a fifth of an import's time, which this thread then spends storing (bench/README.md).
 */
async function* readInWorker(data: ReaderData): AsyncGenerator<PostBatch> {
  const worker = startReader(data);
  try {
    const replies = on(worker, 'message', { close: ['exit'] });
    worker.postMessage('next');
    for await (const [batch] of replies as AsyncIterable<[PostBatch | null]>) {
      if (batch === null) return;
      worker.postMessage('next');
      yield batch;
    }
    throw new Error('the thread reading the file stopped before its end');
  } finally {
    await worker.terminate();
  }
}
