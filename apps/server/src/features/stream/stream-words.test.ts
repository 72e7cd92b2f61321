import { ANY_WORD } from '@tagscout/core/caption';
import { Network } from '@tagscout/core/networks';
import { describe, expect, it } from 'vitest';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { isStreamWordSample, STREAM_WORDS_ONE_IN } from '../store/caption-word-counts.js';
import { ingestStream, type StreamBatch } from './stream.service.js';

const NOON = 20_400 * 86_400 + 43_200;

const openTestDatabase = databasesDroppedAfterEachTest();

/** 400 posts of 2 tags, each by its own author, with text. */
const posts = Array.from({ length: 400 }, (_, i) => ({
  postId: `at://did:plc:a${i}/app.bsky.feed.post/${i}`,
  owner: `did:plc:a${i}`,
  takenAt: NOON,
  hashtags: ['art', 'sky'],
  langs: ['en'],
  text: 'Painting the evening sky #art',
  seenAt: NOON,
}));

const streamBatch: StreamBatch = {
  network: Network.bluesky,
  source: Network.bluesky,
  posts,
  deletedPosts: [],
  deletedOwners: [],
  countDays: 7,
  today: 20_400,
  now: 1000,
};

describe.each(testDialects)("a live stream's posts in the word table on %s", (dialect) => {
  it.each([true, false])(
    'feed it one in STREAM_WORDS_ONE_IN, the same ones every time (fast path: %s)',
    async (fastPath) => {
      if (dialect === 'postgres' && fastPath) return;
      const testDatabase = await openTestDatabase(dialect, { migrated: true });
      const { database } = testDatabase;
      await ingestStream(database, streamBatch, { fastPath });
      const sampled = posts.filter((post) => isStreamWordSample(post.postId)).length;
      // A sample of about 1 in 20: the hash of the post id chooses.
      expect(sampled).toBeGreaterThan(400 / STREAM_WORDS_ONE_IN / 2);
      expect(sampled).toBeLessThan((400 / STREAM_WORDS_ONE_IN) * 2);
      const words = await database.db
        .selectFrom('caption_words')
        .select(['word', 'posts'])
        .where('network', '=', 'bluesky')
        .orderBy('word')
        .execute();
      expect(words.map((row) => [row.word, Number(row.posts)])).toEqual([
        [ANY_WORD, sampled],
        ['evening', sampled],
        ['painting', sampled],
        ['sky', sampled],
      ]);
      const pairs = await database.db
        .selectFrom('caption_word_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(pairs.n)).toBe(4 * 2);
    },
  );
});
