import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { DialectName } from '../db/connect.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real app on a fresh (empty) database of the given dialect, quiet, with no
 * Bluesky consumer (tests never reach the internet; firehose tests point it at a fake).
 */
export async function buildTestApp(
  dialect: DialectName,
  overrides: Partial<Config> = {},
  appOptions: Omit<BuildAppOptions, 'database'> = {},
  /** Reopen this database (a restart) instead of a fresh one. */
  existing?: TestDatabase,
): Promise<TestApp> {
  const testDatabase = existing ?? (await createTestDatabase(dialect, { migrated: true }));
  const config = loadConfig(
    {},
    {
      LOG_LEVEL: 'silent',
      LOAD_SHEDDING: false,
      WEB_DIST: '/nonexistent',
      // Tests read what they just wrote; related-cache.test.ts covers the recheck interval.
      RELATED_CACHE_RECHECK_MS: 0,
      // Likewise; autocomplete-cache.test.ts turns it on.
      AUTOCOMPLETE_CACHE_SECONDS: 0,
      BLUESKY_JETSTREAM_URL: [],
      ...overrides,
    },
  );
  const app = await buildApp(config, { ...appOptions, database: testDatabase.database });
  await app.ready();
  return {
    app,
    testDatabase,
    close: async () => {
      await app.close();
      await testDatabase.drop();
    },
  };
}
