import type { Database } from '../../db/connect.js';

export interface UserSettingsRow {
  copy_network: string | null;
}

export async function findUserSettings(
  database: Database,
  userId: string,
): Promise<UserSettingsRow | undefined> {
  return database.db
    .selectFrom('user_settings')
    .select(['copy_network'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores the user's copy network, creating their row on the first change. */
export async function saveCopyNetwork(
  database: Database,
  input: { userId: string; copyNetwork: string; now: number },
): Promise<void> {
  await database.db
    .insertInto('user_settings')
    .values({ user_id: input.userId, copy_network: input.copyNetwork, updated_at: input.now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ copy_network: input.copyNetwork, updated_at: input.now }),
    )
    .execute();
}

export async function deleteUserSettings(database: Database, userId: string): Promise<void> {
  await database.db.deleteFrom('user_settings').where('user_id', '=', userId).execute();
}
