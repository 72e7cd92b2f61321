import type { FirehoseStatus, HealthResponse } from '@tagscout/core/api';
import { sql } from 'kysely';
import type { Database } from '../../db/connect.js';

export async function checkHealth(
  database: Database,
  version: string,
  bluesky: FirehoseStatus,
): Promise<HealthResponse> {
  await sql`select 1`.execute(database.db);
  return { status: 'ok', database: database.dialect, version, bluesky };
}
