import { Migrator } from 'kysely';
import type { Database } from '../db/connect.js';
import { listMigrations } from '../db/migrate.js';

/** Runs every migration but those named: a store as it was before they arrived. */
export async function migrateWithout(database: Database, ...names: string[]): Promise<void> {
  const others = Object.fromEntries(
    Object.entries(listMigrations(database.dialect)).filter(([name]) => !names.includes(name)),
  );
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => others },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
