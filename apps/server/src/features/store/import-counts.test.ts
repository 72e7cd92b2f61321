import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '../../test/test-database.js';
import { ingestCrowdAutocomplete } from '../crowd/crowd.service.js';
import { importCountsFile } from './import-counts.js';

const folder = mkdtempSync(join(tmpdir(), 'tagscout-import-counts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const lines = [
  '{"hashtag": "travel", "count": 507501370}',
  '{"hashtag": "#Beach", "count": 300000, "network": "instagram"}',
  'not json',
  '',
  '{"hashtag": "two words", "count": 5}',
  '{"hashtag": "sea", "count": -3}',
  '{"hashtag": "sea", "count": 12, "network": "myspace"}',
  '{"hashtag": "newtag", "count": 42, "source": "ignored"}',
  '["travel", 5]',
  `{"hashtag": "${'a'.repeat(301)}", "count": 5}`,
];

describe.each(testDialects)('importCountsFile on %s', (dialect) => {
  it('serves imported counts as they are, and reports bad lines by number', async () => {
    const file = join(folder, `${dialect}.jsonl`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const testDatabase = await createTestDatabase(dialect, { migrated: true });
    try {
      const { database } = testDatabase;
      // A tag a device reported alone, still waiting for agreement.
      await ingestCrowdAutocomplete(
        database,
        { query: 'newtag', hashtags: [{ hashtag: 'newtag', count: 9_999 }] },
        {
          sender: { userId: 'u1', deviceId: null, email: 'u1@example.com', network: '10.0.0.0/24' },
          rule: { quorum: 3, tolerance: 0.1, reportDays: 30, minAccountAgeHours: 24 },
          now: Date.now(),
        },
      );
      const bad: string[] = [];
      const report = await importCountsFile(database, {
        file,
        onBadLine: (message) => bad.push(message),
        now: Date.now,
      });
      expect(bad).toEqual([
        'line 3: not valid JSON',
        'line 5: "two words" is not a valid hashtag',
        'line 6: count must be 0 or more',
        'line 7: network must be one of instagram, bluesky, mastodon, sample',
        'line 9: a line must be one JSON object',
        'line 10: hashtag must be at most 300 characters',
      ]);
      expect(report).toMatchObject({ imported: 3, badLines: 6 });
      const rows = await database.db
        .selectFrom('hashtags')
        .select(['name', 'post_count', 'count_state', 'count_source'])
        .orderBy('name')
        .execute();
      expect(rows.map((row) => ({ ...row, post_count: Number(row.post_count) }))).toEqual([
        { name: 'beach', post_count: 300_000, count_state: 'known', count_source: 'import' },
        { name: 'newtag', post_count: 42, count_state: 'known', count_source: 'import' },
        { name: 'travel', post_count: 507_501_370, count_state: 'known', count_source: 'import' },
      ]);
    } finally {
      await testDatabase.drop();
    }
  });
});
