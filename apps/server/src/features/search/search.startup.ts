import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connect.js';
import { syncBannedTags } from './banned-tags.service.js';

/**
 * At start: the banned-tags file. The sample corpus is seeded before the server starts, by its own
 * step (scripts/seed-sample.mjs), so the server never loads the generator.
 */
export async function prepareHashtagStore(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  await syncBannedTags(database, {
    path: config.BANNED_TAGS_FILE,
    warn: (message) => log.warn(message),
    now: config.now(),
  });
}
