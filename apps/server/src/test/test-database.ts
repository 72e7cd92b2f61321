import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterEach, inject } from 'vitest';
import { connectDatabase, type Database, type DialectName } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { schemaFingerprint, withAdminClient } from './postgres-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Stores with every migration run, made once per run (test/migrated-templates.ts); absent in other projects. */
    migratedTemplates?: MigratedTemplates;
  }
}

export interface MigratedTemplates {
  /** A closed SQLite file, copied whole. */
  sqlite: string;
  /** A PostgreSQL database nobody connects to: CREATE DATABASE's TEMPLATE, and its schema's fingerprint. */
  postgres?: { name: string; schema: string };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestDatabase {
  database: Database;
  url: string;
  /** Closes the connection and deletes the database (or empties it for the worker's next test). */
  drop(): Promise<void>;
}

/**
 * A new database of its own, so tests and runs never collide: empty, or with every migration run
 * (`migrated`), as buildApp leaves it. Where the project made templates, a migrated one is a copy of
 * the run's template (SQLite: the file; PostgreSQL: CREATE DATABASE ... TEMPLATE), or on PostgreSQL
 * one an earlier test of this worker dropped and that was emptied back to the template's state.
 *
 * Test stores skip the flush to disk at each commit (SQLite's synchronous=NORMAL, PostgreSQL's
 * synchronous_commit=off): a few milliseconds a commit on this machine, and only a power cut or an
 * operating system crash, which no test makes, could tell. Servers the tests start as processes
 * open the store themselves, with the production settings.
 */
export async function createTestDatabase(
  dialect: DialectName,
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const templates = options.migrated ? inject('migratedTemplates') : undefined;
  if (dialect === 'sqlite') {
    const testDatabase = createSqliteDatabase(templates?.sqlite);
    if (options.migrated && !templates) await migrateToLatest(testDatabase.database);
    return testDatabase;
  }
  if (templates?.postgres) return createPostgresDatabase(templates.postgres);
  const testDatabase = await createPostgresDatabase();
  if (options.migrated) await migrateToLatest(testDatabase.database);
  return testDatabase;
}

/**
 * For a test file: a function that makes a database as createTestDatabase does, each one dropped
 * when the test that made it ends. Call it at the file's top level (it registers the afterEach).
 */
export function databasesDroppedAfterEachTest(): typeof createTestDatabase {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    for (const testDatabase of opened.splice(0)) await testDatabase.drop();
  });
  return async (dialect, options) => {
    const testDatabase = await createTestDatabase(dialect, options);
    opened.push(testDatabase);
    return testDatabase;
  };
}

function createSqliteDatabase(template: string | undefined): TestDatabase {
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-test-'));
  const url = join(folder, 'test.db');
  if (template) copyFileSync(template, url);
  const database = connectDatabase(url);
  database.sqlite?.pragma('synchronous = NORMAL');
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Migrated databases this worker's earlier tests dropped, emptied back to the template's state. A
 * CREATE DATABASE and a DROP DATABASE take 0.5-3 s on a busy machine, and each DROP makes the server
 * take a checkpoint, which every other test on it waits for; emptying the tables takes 20-60 ms.
 */
const spareDatabases: string[] = [];
const MAX_SPARE_DATABASES = 6;

async function createPostgresDatabase(template?: { name: string; schema: string }): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  let name = template && spareDatabases.pop();
  if (!name) {
    const uuid = randomUUID().replaceAll('-', '');
    // A template's copies carry its name, so the run's end finds any a worker left (migrated-templates.ts).
    const created = template ? `${template.name}_${uuid.slice(0, 20)}` : `tagscout_test_${uuid}`;
    await withAdminClient(adminUrl, async (client) => {
      await client.query(`create database ${created}${template ? ` template ${template.name}` : ''}`);
      await client.query(`alter database ${created} set synchronous_commit = off`);
    });
    name = created;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString());
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      if (template && spareDatabases.length < MAX_SPARE_DATABASES) {
        const emptied = await withAdminClient(url.toString(), (client) =>
          emptyForReuse(client, template.schema),
        ).catch(() => false);
        if (emptied) {
          spareDatabases.push(name);
          return;
        }
      }
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/**
 * Empties a dropped copy of the template back to the template's state (its migrations' rows alone,
 * sequences at their start) for the worker's next test. False, and the caller drops it, when another
 * session is still connected (something of the test's may write yet) or the test changed the schema.
 */
async function emptyForReuse(client: pg.Client, templateSchema: string): Promise<boolean> {
  // The test's pool has ended, but its server processes may take a moment to go.
  for (let attempt = 0; ; attempt++) {
    const { rows } = await client.query<{ others: number }>(
      'select count(*)::int as others from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (rows[0]?.others === 0) break;
    if (attempt === 10) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if ((await schemaFingerprint(client)) !== templateSchema) return false;
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I', tablename) as name from pg_tables
      where schemaname = 'public' and tablename not in ('kysely_migration', 'kysely_migration_lock')`,
  );
  // DELETE, not TRUNCATE: a TRUNCATE of every table makes new files for each and takes a second or more.
  // No foreign key is checked while the whole store empties (replica role), so the order is free.
  await client.query(`begin;
    set local session_replication_role = replica;
    ${tables.map(({ name }) => `delete from ${name};`).join('\n')}
    select setval(format('%I.%I', schemaname, sequencename), start_value, false) from pg_sequences where schemaname = 'public';
    commit;`);
  return true;
}
