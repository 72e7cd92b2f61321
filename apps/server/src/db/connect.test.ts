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
