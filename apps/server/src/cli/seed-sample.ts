import { type Config, ConfigError, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { type GenerateCorpus, seedSampleIfEmpty } from '../features/hashtags/seed-corpus.js';

/**
 * The seed step `npm start` and `npm run dev` run before the server (scripts/seed-sample.mjs, which
 * passes in the generator from @tagscout/corpus): migrates the store at DATABASE_URL and, when
 * SEED_CORPUS is on and the store holds no post, imports the sample corpus. Running before the
 * server, it seeds once whatever WEB_CONCURRENCY is. Returns the process exit code.
 */
export async function seedSampleStore(generate: GenerateCorpus): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  if (!config.SEED_CORPUS) return 0;
  const database = connectDatabase(config.DATABASE_URL, (message, error) => console.error(message, error));
  try {
    await migrateToLatest(database);
    await seedSampleIfEmpty(database, generate, (message) => console.log(message));
    return 0;
  } finally {
    await database.close();
  }
}
