import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, type Database, migrateToLatest } from '@tagscout/server/db';
import { importPostsFile, storeIngest } from '@tagscout/server/hashtags';
import type { LabelledPost } from './datasets.js';

export interface TrainStore {
  database: Database;
  imported: number;
  /** Distinct tags stored, each with its in-store post count as its "network" count. */
  tagCount: number;
  maxCount: number;
  close(): Promise<void>;
}

/**
 * A temporary SQLite store filled from the train posts through the importer (`npm run import`'s
 * importPostsFile). The sets carry no network-wide counts, so each tag's count is set to the number
 * of train posts that carry it, written through the same ingest path as counts from a search.
 */
export async function buildTrainStore(options: {
  name: string;
  train: readonly LabelledPost[];
}): Promise<TrainStore> {
  const folder = mkdtempSync(join(tmpdir(), `tagscout-quality-${options.name}-`));
  const file = join(folder, 'train.jsonl');
  // No timestamps in the sets: the importer stamps every post with the import time.
  writeFileSync(
    file,
    `${options.train
      .map((post) =>
        // Train captions feed the word table (the store's one write path, decision 030); test posts never do.
        JSON.stringify({ post_id: safeId(post.postId), hashtags: post.tags, caption: post.caption }),
      )
      .join('\n')}\n`,
  );
  const database = connectDatabase(join(folder, 'store.db'));
  await migrateToLatest(database);
  const report = await importPostsFile(database, {
    file,
    onBadLine: (message) => console.warn(message),
    now: Date.now,
  });

  const counts = await database.db
    .selectFrom('post_hashtags')
    .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
    .select(['hashtags.name', (eb) => eb.fn.countAll<number>().as('posts')])
    .groupBy('hashtags.name')
    .execute();
  await storeIngest(database, {
    hashtags: counts.map((row) => ({ name: row.name, count: Number(row.posts) })),
    network: 'instagram',
    source: 'import',
    now: Date.now(),
  });
  return {
    database,
    imported: report.imported,
    tagCount: counts.length,
    maxCount: Math.max(...counts.map((row) => Number(row.posts))),
    close: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** HARRISON ids hold a '/' ("sea/image_50"), which the importer accepts; anything else is replaced. */
function safeId(postId: string): string {
  return postId.replace(/[^A-Za-z0-9_.:/-]/g, '_');
}
