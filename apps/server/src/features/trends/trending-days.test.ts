import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayOfEpochMs, type Network } from '@tagscout/core/networks';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Database, DialectName } from '../../db/connect.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { importPostsFile } from '../store/import-posts.js';
import { authorOfPostSql } from '../store/post-author.js';
import { storeIngest } from '../store/store.repository.js';

/*
 * The store writes author rows only for the days trending can read, now or later (decision 034):
 * trending answers as it did when every row was written, on a live network and on a snapshot one,
 * across later imports of newer days.
 */

const DAY_MS = 86_400_000;
/** 20:00 UTC: "the last 24 hours" are mostly today. */
const START = Date.UTC(2026, 10, 27, 20);
const TODAY = dayOfEpochMs(START);
/** Past the trending caches' minute (decision 018), so the next reading is made anew. */
const PAST_THE_CACHES = 61_000;

const folder = mkdtempSync(join(tmpdir(), 'tagscout-trending-days-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Line {
  post_id: string;
  owner: string;
  timestamp: number;
  hashtags: string[];
}

/** `count` posts of `hashtags` on the day `daysAgo` before START's, one per owner `${prefix}0`... */
function posts(options: { daysAgo: number; hashtags: string[]; count: number; prefix: string }): Line[] {
  return Array.from({ length: options.count }, (_, i) => ({
    post_id: `${options.hashtags[0]}-${options.daysAgo}-${options.prefix}${i}`,
    owner: `${options.prefix}${i}`,
    timestamp: (TODAY - options.daysAgo) * 86_400 + 600 + i,
    hashtags: options.hashtags,
  }));
}

/** A tag over days (daysAgo: posts), each post by an owner of its own, plus one loud owner's. */
function tagDays(hashtags: string[], days: Record<number, number>, loud = 0): Line[] {
  return Object.entries(days).flatMap(([ago, count]) => [
    ...posts({ daysAgo: Number(ago), hashtags, count, prefix: `${hashtags[0]}-` }),
    ...Array.from({ length: loud }, (_, i) => ({
      post_id: `${hashtags[0]}-${ago}-loud${i}`,
      owner: 'loud',
      timestamp: (TODAY - Number(ago)) * 86_400 + 5000 + i,
      hashtags,
    })),
  ]);
}

/** Writes every author row from the stored posts, as the write path did before decision 034. */
async function writeEveryAuthorRow(database: Database): Promise<void> {
  const { db } = database;
  await db.deleteFrom('hashtag_daily_authors').execute();
  const author = sql.raw(authorOfPostSql('p'));
  if (database.dialect === 'postgres') {
    await sql`insert into hashtag_daily_authors (hashtag_id, day, author, posts)
      select t.tag_id, floor(p.taken_at / 86400::float8)::integer, ${author}, count(*)
      from posts p cross join lateral unnest(string_to_array(p.tag_ids, ',')::int[]) as t(tag_id)
      where p.linked = 1 and p.tag_ids <> '' group by 1, 2, 3`.execute(db);
  } else {
    await sql`insert into hashtag_daily_authors (hashtag_id, day, author, posts)
      select cast(t.value as integer), p.taken_at / 86400, ${author}, count(*)
      from posts p, json_each('[' || p.tag_ids || ']') t
      where p.linked = 1 and p.tag_ids <> '' group by 1, 2, 3`.execute(db);
  }
}

async function countAuthorRows(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('hashtag_daily_authors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(testDialects)('trending as with every author row written, on %s', (dialect: DialectName) => {
  let nowMs = START;
  const now = () => nowMs;
  /** The store under test, and the same store with every author row written. */
  let stores: { written: TestApp; everyRow: TestApp };
  let files = 0;

  const open = async () => {
    const config = { BANNED_TAGS_FILE: '/nonexistent/banned-tags.txt', now };
    stores = { written: await buildTestApp(dialect, config), everyRow: await buildTestApp(dialect, config) };
  };
  afterEach(async () => {
    await stores.written.close();
    await stores.everyRow.close();
    nowMs = START;
  });

  /** Imports the lines into both stores through the importer, then rewrites every author row in one. */
  const importInBoth = async (network: Network, lines: Line[]) => {
    const file = join(folder, `${dialect}-${files++}.jsonl`);
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    for (const testApp of [stores.written, stores.everyRow])
      await importPostsFile(testApp.testDatabase.database, { file, network, now });
    await writeEveryAuthorRow(stores.everyRow.testDatabase.database);
  };
  const countsInBoth = async (network: Network, hashtags: { name: string; count: number }[]) => {
    for (const testApp of [stores.written, stores.everyRow])
      await storeIngest(testApp.testDatabase.database, { hashtags, network, source: 'import', now: now() });
  };

  /** Both stores' trending for the network: the same, not empty, from fewer rows in the store under test. */
  const expectSameTrending = async (network: Network, tags: string[]) => {
    const url = `/api/trends/now?network=${network}&limit=50`;
    const written = (await stores.written.app.inject({ method: 'GET', url })).json();
    const everyRow = (await stores.everyRow.app.inject({ method: 'GET', url })).json();
    expect(written).toEqual(everyRow);
    expect(written.trending.map((tag: { hashtag: string }) => tag.hashtag).sort()).toEqual(tags);
    expect(await countAuthorRows(stores.written.testDatabase.database)).toBeLessThan(
      await countAuthorRows(stores.everyRow.testDatabase.database),
    );
    return written;
  };

  it('on a live network, as its days go by', async () => {
    await open();
    await importInBoth('instagram', [
      // Growing today (one loud author's posts capped at 3); steady over ten days; busy until yesterday.
      ...tagDays(['rising', 'wave'], { 0: 14, 1: 4, 2: 3, 4: 9, 7: 9 }, 6),
      ...tagDays(['steady', 'calm'], { 0: 6, 1: 6, 2: 6, 3: 6, 5: 6, 9: 6 }),
      ...tagDays(['fading', 'dusk'], { 0: 2, 1: 12, 2: 12, 6: 12 }),
    ]);
    await expectSameTrending('instagram', ['rising', 'wave']);

    // A day later, a new tag grows; an import of older history comes too.
    nowMs += DAY_MS;
    await importInBoth('instagram', [
      ...tagDays(['fresh', 'bloom'], { [-1]: 12, 0: 3 }),
      ...tagDays(['rising', 'wave'], { 3: 20, 8: 5 }),
    ]);
    await expectSameTrending('instagram', ['bloom', 'fresh']);
  });

  it("on a snapshot network, ending on its most used tags' last day, across imports of newer days", async () => {
    await open();
    // Its ten most used tags: travel, beach and eight without posts here.
    await countsInBoth('sample', [
      { name: 'travel', count: 90_000 },
      { name: 'beach', count: 80_000 },
      ...Array.from({ length: 8 }, (_, i) => ({ name: `popular${i}`, count: 70_000 - i })),
    ]);
    // The sample ends 10 days ago: its trends end there (trends.service.ts).
    await importInBoth('sample', [
      ...tagDays(['travel', 'beach'], { 10: 16, 11: 5, 12: 5, 15: 20, 20: 20 }, 4),
      ...tagDays(['sunset', 'beach'], { 10: 4, 11: 12, 12: 12 }),
    ]);
    const first = await expectSameTrending('sample', ['beach', 'travel']);
    expect(first.as_of.slice(0, 10)).toBe(new Date((TODAY - 10) * DAY_MS).toISOString().slice(0, 10));

    // Newer days, but not of its most used tags: its trends still end 10 days ago, and the rows of
    // days 12 to 10 ago this import brings count.
    nowMs += PAST_THE_CACHES;
    await importInBoth('sample', [...tagDays(['lake', 'quiet'], { 6: 3, 8: 3, 10: 15, 11: 3, 12: 2 })]);
    const second = await expectSameTrending('sample', ['beach', 'lake', 'quiet', 'travel']);
    expect(second.as_of).toBe(first.as_of);

    // Newer days of its most used tags: its trends end 5 days ago now.
    nowMs += PAST_THE_CACHES;
    await importInBoth('sample', [
      ...tagDays(['travel', 'beach'], { 5: 25, 6: 6, 7: 6, 9: 6 }),
      ...tagDays(['lake', 'dawn'], { 5: 4, 6: 11 }),
    ]);
    const third = await expectSameTrending('sample', ['beach', 'travel']);
    expect(third.as_of.slice(0, 10)).toBe(new Date((TODAY - 5) * DAY_MS).toISOString().slice(0, 10));
  });
});
