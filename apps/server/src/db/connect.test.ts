import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectDatabase, type Database } from './connect.js';

const MB = 1024 * 1024;

describe('a SQLite store read through memory mapping (decision 036)', () => {
  let dir = '';
  const opened: Database[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tagscout-mmap-'));
  });
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const open = (options?: { sqliteMmapMb?: number }) => {
    const database = connectDatabase(join(dir, 'store.db'), undefined, options);
    opened.push(database);
    return database;
  };
  const mappedBytes = (database: Database) =>
    (database.sqlite!.pragma('mmap_size') as { mmap_size: number }[])[0]!.mmap_size;

  it('maps up to SQLITE_MMAP_MB, at most what the SQLite build allows, and none with 0', () => {
    expect(mappedBytes(open({ sqliteMmapMb: 16 }))).toBe(16 * MB);
    expect(mappedBytes(open({ sqliteMmapMb: 0 }))).toBe(0);
    // The default, 2048 MB, is capped by the build (2 GB less 64 KB here).
    expect(mappedBytes(open())).toBeGreaterThanOrEqual(2047 * MB);
  });

  it('reads through the mapping what another connection writes', () => {
    const writer = open({ sqliteMmapMb: 0 });
    const reader = open({ sqliteMmapMb: 16 });
    writer.sqlite!.exec('create table notes (id integer primary key, body text)');
    const insert = writer.sqlite!.prepare('insert into notes (body) values (?)');
    const count = reader.sqlite!.prepare<[], { n: number }>('select count(*) as n from notes');
    for (let round = 1; round <= 3; round++) {
      writer.sqlite!.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run('x'.repeat(200));
      })();
      expect(count.get()!.n).toBe(round * 2000);
    }
  });

  it('is what the app opens its store with', async () => {
    const config = loadConfig(
      {},
      {
        DATABASE_URL: join(dir, 'app.db'),
        SQLITE_MMAP_MB: 8,
        LOG_LEVEL: 'silent',
        LOAD_SHEDDING: false,
        WEB_DIST: '/nonexistent',
        SEED_CORPUS: false,
        BLUESKY_JETSTREAM_URL: [],
      },
    );
    const app = await buildApp(config);
    try {
      await app.ready();
      expect(mappedBytes(app.database)).toBe(8 * MB);
    } finally {
      await app.close();
    }
  });
});
