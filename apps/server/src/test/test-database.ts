import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectDatabase, type Database, type DialectName } from '../db/connect.js';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  database: Database;
  url: string;
  /** Closes the connection and deletes the database. */
  drop(): Promise<void>;
}

/** A new, empty database of its own, so test files and runs never collide. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return dialect === 'postgres' ? createPostgresDatabase() : createSqliteDatabase();
}

function createSqliteDatabase(): TestDatabase {
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-test-'));
  const url = join(folder, 'test.db');
  const database = connectDatabase(url);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `tagscout_test_${randomUUID().replaceAll('-', '')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString());
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
