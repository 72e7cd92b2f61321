import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Tables } from './tables.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Tables>;
  dialect: DialectName;
  /** The raw SQLite handle, for pragmas and backups; undefined on PostgreSQL. */
  sqlite?: SqliteDatabase.Database;
  /** The PostgreSQL pool, for libraries that speak to it themselves (rate limits); undefined on SQLite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// int8 (counts, epoch ms) arrives as text from pg; every value we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** The SQLite file a database URL names; undefined for PostgreSQL and for `:memory:`. */
export function sqliteFileOf(url: string): string | undefined {
  if (isPostgresUrl(url)) return undefined;
  const path = sqlitePathOf(url);
  return path === ':memory:' ? undefined : path;
}

/** A file path or a sqlite: URL, as better-sqlite3 opens it. */
function sqlitePathOf(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '');
}

/** Opens SQLite (a file path or sqlite: URL) or PostgreSQL (postgres:// URL). */
export function connectDatabase(
  url: string,
  log: (message: string, error?: unknown) => void = () => {},
  options: { sqliteMmapMb?: number } = {},
): Database {
  if (isPostgresUrl(url)) return connectPostgres(url, log);
  return connectSqlite(sqlitePathOf(url), options.sqliteMmapMb ?? DEFAULT_SQLITE_MMAP_MB);
}

/**
 * SQLite reads the store through memory mapping up to this size (decision 036): pages come from the
 * operating system's cache without a copy or SQLite's 64 MB cache between, which a store larger than
 * that cache reads much faster (SQLite builds cap it at 2 GB).
 */
export const DEFAULT_SQLITE_MMAP_MB = 2048;

function connectSqlite(path: string, mmapMb: number): Database {
  const isMemory = path === ':memory:';
  if (!isMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma(`mmap_size = ${Math.floor(mmapMb) * 1024 * 1024}`);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    close: async () => {
      await db.destroy();
    },
  };
}

/** pg's words when no connection came within connectionTimeoutMillis: from the pool, or a new one's handshake. */
const POOL_TIMEOUT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/** PostgreSQL's pool stayed full past its connection time-out: the database is busy, not broken. */
export function isPoolTimeout(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (POOL_TIMEOUT_MESSAGES.includes(cause.message)) return true;
  }
  return false;
}

function connectPostgres(url: string, log: (message: string, error?: unknown) => void): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 2000,
    statement_timeout: 5000,
  });
  pool.on('error', (error) => log('PostgreSQL pool error', error));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    pool,
    close: async () => {
      await db.destroy();
    },
  };
}
