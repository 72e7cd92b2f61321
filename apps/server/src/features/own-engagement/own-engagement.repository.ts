import type { Database } from '../../db/connect.js';

export interface HandleRow {
  user_id: string;
  network: string;
  handle: string;
  connected_at: number;
  refreshed_at: number | null;
  refresh_error: string | null;
}

export async function findHandlesOfUser(database: Database, userId: string): Promise<HandleRow[]> {
  return database.db
    .selectFrom('own_handles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('network')
    .execute();
}

export async function findHandle(database: Database, input: { userId: string; network: string }) {
  return database.db
    .selectFrom('own_handles')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('network', '=', input.network)
    .executeTakeFirst();
}

/** Handles not read since `before` (epoch ms), oldest first: the daily refresh's work. */
export async function findHandlesDue(database: Database, input: { before: number; limit: number }) {
  return database.db
    .selectFrom('own_handles')
    .selectAll()
    .where((eb) => eb.or([eb('refreshed_at', 'is', null), eb('refreshed_at', '<', input.before)]))
    .orderBy('refreshed_at')
    .limit(input.limit)
    .execute();
}

/** Connects a handle (one per network: a new one replaces the old). */
export async function saveHandle(
  database: Database,
  input: { userId: string; network: string; handle: string; now: number },
): Promise<void> {
  await database.db
    .insertInto('own_handles')
    .values({
      user_id: input.userId,
      network: input.network,
      handle: input.handle,
      connected_at: input.now,
      refreshed_at: null,
      refresh_error: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'network']).doUpdateSet({
        handle: input.handle,
        connected_at: input.now,
        refreshed_at: null,
        refresh_error: null,
      }),
    )
    .execute();
}

export async function markHandleRead(
  database: Database,
  input: { userId: string; network: string; at: number; error: string | null },
): Promise<void> {
  await database.db
    .updateTable('own_handles')
    .set({ refreshed_at: input.at, refresh_error: input.error })
    .where('user_id', '=', input.userId)
    .where('network', '=', input.network)
    .execute();
}

export async function deleteHandle(
  database: Database,
  input: { userId: string; network: string },
): Promise<number> {
  const [result] = await database.db
    .deleteFrom('own_handles')
    .where('user_id', '=', input.userId)
    .where('network', '=', input.network)
    .execute();
  return Number(result?.numDeletedRows ?? 0);
}

export async function findSuggestSetting(database: Database, userId: string): Promise<boolean> {
  const row = await database.db
    .selectFrom('own_post_settings')
    .select('suggest_from_own_tags')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.suggest_from_own_tags ?? 0) === 1;
}

export async function saveSuggestSetting(
  database: Database,
  input: { userId: string; isOn: boolean; now: number },
): Promise<void> {
  const value = input.isOn ? 1 : 0;
  await database.db
    .insertInto('own_post_settings')
    .values({ user_id: input.userId, suggest_from_own_tags: value, updated_at: input.now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ suggest_from_own_tags: value, updated_at: input.now }),
    )
    .execute();
}

/** Everything of the user's here (account deletion, inside its transaction). */
export async function deleteEngagementDataOfUser(database: Database, userId: string): Promise<void> {
  await database.db.deleteFrom('own_handles').where('user_id', '=', userId).execute();
  await database.db.deleteFrom('own_post_settings').where('user_id', '=', userId).execute();
}
