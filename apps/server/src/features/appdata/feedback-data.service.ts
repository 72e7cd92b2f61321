import type { Database } from '../../db/connect.js';
import { deleteFeedbackOf, findFeedbackOf } from './appdata.repository.js';

/** For "download my data": the feedback one user sent. */
export async function exportFeedback(database: Database, userId: string) {
  const rows = await findFeedbackOf(database, userId);
  return rows.map((row) => ({
    message: row.message,
    platform: row.platform,
    appVersion: row.app_version,
    createdAt: Number(row.created_at),
  }));
}

/** For deleting an account: what it wrote to us goes with it. */
export async function eraseFeedback(database: Database, userId: string): Promise<void> {
  await deleteFeedbackOf(database, userId);
}
