import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { schemaFingerprint, withAdminClient } from './postgres-admin.js';
import type { MigratedTemplates } from './test-database.js';

/**
 * The server project's globalSetup: one store per dialect with every migration run, made once in
 * Vitest's main process, which createTestDatabase({ migrated: true }) copies (a file copy; PostgreSQL's
 * CREATE DATABASE ... TEMPLATE) instead of running every migration for each app a test builds. Made
 * fresh each run from the migrations in the tree; removed at the end with every copy left.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-template-'));
  const templates: MigratedTemplates = { sqlite: join(folder, 'migrated.db') };
  const sqlite = connectDatabase(templates.sqlite);
  await migrateToLatest(sqlite);
  // Closing the last connection folds the WAL into the file, so the file alone is the whole store.
  await sqlite.close();

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `tagscout_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const postgres = connectDatabase(url.toString());
    try {
      await migrateToLatest(postgres);
    } finally {
      // A template takes no connection while it is copied.
      await postgres.close();
    }
    const schema = await withAdminClient(url.toString(), schemaFingerprint);
    templates.postgres = { name, schema };
  }
  project.provide('migratedTemplates', templates);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl && templates.postgres) {
      const { name } = templates.postgres;
      await withAdminClient(adminUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          `select datname from pg_database where datname like $1 order by datname desc`,
          [`${name}%`],
        );
        // The copies workers kept for their next test, then the template itself (sorted last).
        for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      });
    }
  };
}
