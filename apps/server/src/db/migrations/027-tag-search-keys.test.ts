import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { foldTagAccents } from '@tagscout/core/hashtags';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateWithout } from '../../test/migrate-without.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { connectDatabase, type Database } from '../connect.js';
import { migrateToLatest } from '../migrate.js';

const openTestDatabase = databasesDroppedAfterEachTest();

async function openDatabase(dialect: (typeof testDialects)[number]): Promise<Database> {
  const testDatabase = await openTestDatabase(dialect);
  return testDatabase.database;
}

/** Every letter of the blocks foldTagAccents reads, capitals and all, and a few from elsewhere. */
const LETTERS = new Set([
  ...Array.from({ length: 0x250 - 0xc0 }, (_, index) => String.fromCodePoint(0xc0 + index)),
  ...Array.from({ length: 0x100 }, (_, index) => String.fromCodePoint(0x1e00 + index)),
  'й',
  'ß',
  '日',
  '🍕',
  '\u0301',
]);

/** Each tag's search key, coalesce(search_key, name), by name. */
async function searchKeys(database: Database): Promise<Map<string, string>> {
  const rows = await database.db
    .selectFrom('hashtags')
    .select(['name', sql<string>`coalesce(search_key, name)`.as('key')])
    .execute();
  return new Map(rows.map((row) => [row.name, row.key]));
}

/** The names whose search_key column holds a value (the others' key is their name). */
async function namesWithKeys(database: Database): Promise<string[]> {
  const rows = await database.db
    .selectFrom('hashtags')
    .select('name')
    .where('search_key', 'is not', null)
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

describe.each(testDialects)('migration 027: tag search keys on %s', (dialect) => {
  it('gives the tags already stored the key core folds names to', async () => {
    const database = await openDatabase(dialect);
    await migrateWithout(database, '027-tag-search-keys');
    await sql`insert into hashtags (network, name, post_count, count_state, banned, updated_at)
              values ('instagram', 'café', 5, 'known', 0, 1), ('instagram', 'cafe', 3, 'known', 0, 1),
                     ('bluesky', 'phở-bò', 2, 'known', 0, 1), ('sample', '日本', 1, 'known', 0, 1)`.execute(
      database.db,
    );

    await migrateToLatest(database);

    expect(Object.fromEntries(await searchKeys(database))).toEqual({
      café: 'cafe',
      cafe: 'cafe',
      'phở-bò': 'pho-bo',
      日本: '日本',
    });
    expect(await namesWithKeys(database)).toEqual(['café', 'phở-bò']);
  });

  it('keys every tag written later as core folds it, letter by letter', async () => {
    const database = await openDatabase(dialect);
    await migrateToLatest(database);
    const names = [...LETTERS].map((letter) => `x${letter}y`);
    await database.db
      .insertInto('hashtags')
      .values(
        names.map((name) => ({
          network: 'instagram',
          name,
          post_count: 1,
          count_state: 'known' as const,
          banned: 0,
          updated_at: 1,
        })),
      )
      .execute();

    const keys = await searchKeys(database);
    const disagreements = names.filter((name) => keys.get(name) !== foldTagAccents(name));
    expect(disagreements.map((name) => `${name}: ${keys.get(name)} <> ${foldTagAccents(name)}`)).toEqual([]);
    expect(keys.get('xéy')).toBe('xey');
    expect(keys.get('xÉy')).toBe('xÉy');
    expect(await namesWithKeys(database)).toEqual(
      names.filter((name) => foldTagAccents(name) !== name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });

  it('keeps the key through an upsert and follows a renamed tag', async () => {
    const database = await openDatabase(dialect);
    await migrateToLatest(database);
    const upsert = (name: string, count: number) =>
      database.db
        .insertInto('hashtags')
        .values({
          network: 'mastodon',
          name,
          post_count: count,
          count_state: 'known',
          banned: 0,
          updated_at: 1,
        })
        .onConflict((oc) => oc.columns(['network', 'name']).doUpdateSet({ post_count: count }))
        .execute();
    await upsert('crème', 1);
    await upsert('crème', 2);
    expect(Object.fromEntries(await searchKeys(database))).toEqual({ crème: 'creme' });
    await database.db.updateTable('hashtags').set({ name: 'brûlée' }).execute();
    expect(Object.fromEntries(await searchKeys(database))).toEqual({ brûlée: 'brulee' });
  });
});

// Issue 29's operator reads the live store with Debian's sqlite3 (3.40), whose parser gives up on an
// expression nested about 35 calls deep: one such trigger made it refuse every query of the store.
describe('migration 027 beside the sqlite3 shell', () => {
  it('leaves a store the shell reads, and keys the tags the shell writes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tagscout-027-'));
    try {
      const file = join(folder, 'store.db');
      const database = connectDatabase(file);
      await migrateToLatest(database);
      await database.close();
      const shell = (statement: string) => promisify(execFile)('sqlite3', [file, statement]);

      await shell(`insert into hashtags (network, name, post_count, count_state, banned, updated_at)
                   values ('instagram', 'açaí', 1, 'known', 0, 1), ('instagram', 'acai', 1, 'known', 0, 1)`);
      await shell(`update hashtags set name = 'phở' where name = 'acai'`);
      const { stdout } = await shell('select name, search_key from hashtags order by name');

      expect(stdout.trim().split('\n')).toEqual(['açaí|acai', 'phở|pho']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
