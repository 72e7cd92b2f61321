import type { Database } from '../../db/connect.js';

export interface StoredValue {
  value: string;
  updatedAt: number;
  updatedBy: string | null;
}

/** Every app-data value by key. */
export async function readAppDataRows(database: Database): Promise<Map<string, StoredValue>> {
  const rows = await database.db.selectFrom('app_data').selectAll().execute();
  return new Map(
    rows.map((row) => [
      row.key,
      { value: row.value, updatedAt: Number(row.updated_at), updatedBy: row.updated_by },
    ]),
  );
}

/** Stores the given values (JSON text) in one transaction, with who changed them. */
export async function writeAppDataRows(
  database: Database,
  values: Record<string, string>,
  options: { updatedBy: string; now: number },
): Promise<void> {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  await database.db.transaction().execute(async (trx) => {
    for (const [key, value] of entries) {
      await trx
        .insertInto('app_data')
        .values({ key, value, updated_at: options.now, updated_by: options.updatedBy })
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet({ value, updated_at: options.now, updated_by: options.updatedBy }),
        )
        .execute();
    }
  });
}

// ---- Feedback ----

export interface NewFeedback {
  id: string;
  message: string;
  userId: string | null;
  deviceId: string | null;
  group: string;
  platform: string;
  appVersion: string | null;
  createdAt: number;
}

export async function insertFeedback(database: Database, feedback: NewFeedback): Promise<void> {
  await database.db
    .insertInto('feedback')
    .values({
      id: feedback.id,
      message: feedback.message,
      user_id: feedback.userId,
      device_id: feedback.deviceId,
      user_group: feedback.group,
      platform: feedback.platform,
      app_version: feedback.appVersion,
      created_at: feedback.createdAt,
    })
    .execute();
}

/** The newest feedback first. */
export async function findFeedback(database: Database, limit: number) {
  return database.db
    .selectFrom('feedback')
    .select(['id', 'message', 'user_id', 'user_group', 'platform', 'app_version', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** One user's feedback, for "download my data". */
export async function findFeedbackOf(database: Database, userId: string) {
  return database.db
    .selectFrom('feedback')
    .select(['message', 'platform', 'app_version', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function deleteFeedbackOf(database: Database, userId: string): Promise<void> {
  await database.db.deleteFrom('feedback').where('user_id', '=', userId).execute();
}

// ---- Admin audit ----

export async function insertAuditEntry(
  database: Database,
  entry: { id: string; userId: string; action: string; details: object; ip: string | null; now: number },
): Promise<void> {
  await database.db
    .insertInto('admin_audit')
    .values({
      id: entry.id,
      user_id: entry.userId,
      action: entry.action,
      details: JSON.stringify(entry.details),
      ip: entry.ip,
      created_at: entry.now,
    })
    .execute();
}
