import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connect.js';
import { syncBannedTags } from './banned-tags.service.js';
import { hasAnyPost } from './hashtags.repository.js';
import { seedSampleCorpus } from './seed-corpus.js';

/** At start: the sample corpus into an empty store (when SEED_CORPUS), then the banned-tags file. */
export async function prepareHashtagStore(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  if (config.SEED_CORPUS && !(await hasAnyPost(database))) {
    log.info('The store is empty: importing the sample corpus (first start only)...');
    await seedSampleCorpus(database, { log: (message) => log.info(message) });
  }
  await syncBannedTags(database, { path: config.BANNED_TAGS_FILE, warn: (message) => log.warn(message) });
}
