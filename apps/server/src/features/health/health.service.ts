import type { FirehoseStatus, HealthResponse } from '@tagscout/core/api';
import type { Database } from '../../db/connect.js';
import { pingDatabase } from './health.repository.js';

export async function checkHealth(
  database: Database,
  version: string,
  bluesky: FirehoseStatus,
): Promise<HealthResponse> {
  await pingDatabase(database);
  return { status: 'ok', database: database.dialect, version, bluesky };
}
