// @tagscout/server/db: a connected, migrated store of either dialect, for bench/.
export { connectDatabase, type Database } from '../db/connect.js';
export { migrateToLatest } from '../db/migrate.js';
export type { Tables } from '../db/tables.js';
