import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../../test/test-database.js';
import { importPostsFile } from './import-posts.js';

const folder = mkdtempSync(join(tmpdir(), 'tagscout-import-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const lines = [
  '{"post_id": "1", "owner": "u1", "timestamp": 1700000001, "hashtags": ["sea", "Travel", "#trip"]}',
  '{"post_id": "2", "owner": "u1", "timestamp": 1700000002, "caption": "Sun! #sea #sand", "place_id": "pl9"}',
  'this is not json',
  '',
  '{"owner": "u1", "hashtags": ["a", "b"]}',
  '{"post_id": "3", "hashtags": ["only"]}',
  '{"post_id": "sea/image_50", "hashtags": ["sea", "instapic"], "likes": 12}',
  '{"post_id": "4", "timestamp": 99999999999, "hashtags": ["a", "b"]}',
  '{"post_id": "1", "owner": "u1", "timestamp": 1700000001, "hashtags": ["sea", "travel", "trip"]}',
  '[1, 2]',
  '{"post_id": "5", "owner": "", "hashtags": ["a", "b"], "place_id": ""}',
];

describe.each(testDialects)('importPostsFile on %s', (dialect) => {
  it('imports good lines, reports bad ones with their line number, and goes on', async () => {
    const file = join(folder, `${dialect}.jsonl`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const testDatabase = await createTestDatabase(dialect, { migrated: true });
    try {
      const { database } = testDatabase;
      const bad: string[] = [];
      const report = await importPostsFile(database, {
        file,
        onBadLine: (message) => bad.push(message),
        now: Date.now,
      });

      expect(bad).toEqual([
        'line 3: not valid JSON',
        'line 5: post_id must be text',
        'line 8: timestamp is in the future',
        'line 10: a line must be one JSON object',
        'line 11: owner must be 1 to 100 characters; place_id must be 1 to 100 characters',
      ]);
      // The repeat of post 1 on line 9 is stored once.
      expect(report).toMatchObject({ imported: 4, badLines: 5, tooFewTags: 1 });
      const posts = await database.db
        .selectFrom('posts')
        .select(['post_id', 'owner', 'place_id', 'source', 'network'])
        .orderBy('post_id')
        .execute();
      expect(posts).toEqual([
        // Instagram unless another network is named (npm run import -- --network).
        { post_id: '1', owner: 'u1', place_id: null, source: 'import', network: 'instagram' },
        { post_id: '2', owner: 'u1', place_id: 'pl9', source: 'import', network: 'instagram' },
        { post_id: 'sea/image_50', owner: null, place_id: null, source: 'import', network: 'instagram' },
      ]);
      const seaLinks = await database.db
        .selectFrom('post_hashtags')
        .innerJoin('hashtags', 'hashtags.id', 'post_hashtags.hashtag_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('hashtags.name', '=', 'sea')
        .executeTakeFirstOrThrow();
      expect(Number(seaLinks.n)).toBe(3);
    } finally {
      await testDatabase.drop();
    }
  });
});
