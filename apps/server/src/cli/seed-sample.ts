import { type Config, ConfigError, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { type GenerateCorpus, seedSampleIfEmpty } from '../features/store/seed-corpus.js';
import { linkPendingPosts } from '../features/store/store.repository.js';

/**
 * The seed step `npm start` and `npm run dev` run before the server (scripts/seed-sample.mjs, which
 * passes in the generator from @tagscout/corpus): migrates the store at DATABASE_URL, writes the
 * links of posts an interrupted import or seeding left unlinked (they count for no tag until then),
 * and, when SEED_CORPUS is on and the store holds no post, imports the sample corpus. Running before
 * the server, it does this once whatever WEB_CONCURRENCY is. Returns the process exit code.
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
  const database = connectDatabase(config.DATABASE_URL, (message, error) => console.error(message, error), {
    sqliteMmapMb: config.SQLITE_MMAP_MB,
  });
  try {
    await migrateToLatest(database);
    const linked = await linkPendingPosts(database, { now: config.now() });
    if (linked > 0) {
      console.log(
        `Linked ${linked.toLocaleString('en')} ${linked === 1 ? 'post' : 'posts'} that an interrupted import or seeding left unlinked.`,
      );
    }
    if (config.SEED_CORPUS)
      await seedSampleIfEmpty(database, {
        generate,
        now: config.now(),
        log: (message) => console.log(message),
      });
    return 0;
  } finally {
    await database.close();
  }
}
