import { generateCorpus } from '@tagscout/corpus';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeIngest } from '../features/store/store.repository.js';
import { databasesDroppedAfterEachTest, testDialects } from '../test/test-database.js';
import { seedSampleStore } from './seed-sample.js';

const saved = { DATABASE_URL: process.env.DATABASE_URL, SEED_CORPUS: process.env.SEED_CORPUS };
const openTestDatabase = databasesDroppedAfterEachTest();
afterEach(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.restoreAllMocks();
});

describe.each(testDialects)('the seed step before the server on %s', (dialect) => {
  it.each(['true', 'false'])(
    'links the posts an interrupted import left unlinked (SEED_CORPUS=%s), and seeds nothing into a store that has posts',
    async (seedCorpus) => {
      const testDatabase = await openTestDatabase(dialect, { migrated: true });
      const { database } = testDatabase;
      // An import stopped after storing its posts, before writing their links.
      await storeIngest(
        database,
        {
          posts: [
            { postId: 'p1', owner: 'o1', takenAt: 1_700_000_000, placeId: 'pl1', hashtags: ['sea', 'sand'] },
            { postId: 'p2', owner: null, takenAt: 1_700_086_400, placeId: null, hashtags: ['sea', 'sun'] },
          ],
          network: 'instagram',
          source: 'import',
          now: 1,
        },
        { deferLinks: true },
      );
      process.env.DATABASE_URL = testDatabase.url;
      process.env.SEED_CORPUS = seedCorpus;
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const generate = vi.fn(generateCorpus);

      expect(await seedSampleStore(generate)).toBe(0);

      expect(generate).not.toHaveBeenCalled();
      const pending = await database.db.selectFrom('posts').select('id').where('linked', '=', 0).execute();
      expect(pending).toEqual([]);
      const links = await database.db
        .selectFrom('post_hashtags')
        .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
        .select('hashtags.name')
        .orderBy('hashtags.name')
        .execute();
      expect(links.map((row) => row.name)).toEqual(['sand', 'sea', 'sea', 'sun']);
      expect(console.log).toHaveBeenCalledWith(
        'Linked 2 posts that an interrupted import or seeding left unlinked.',
      );
    },
  );
});
