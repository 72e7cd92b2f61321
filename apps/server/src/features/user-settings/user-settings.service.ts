import {
  ErrorCode,
  type UpdateUserSettingsBody,
  type UserSettings,
  UserSettingsSchema,
} from '@tagscout/core/api';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import { deleteUserSettings, findUserSettings, saveCopyNetwork } from './user-settings.repository.js';

/** Who asks: settings are read and written for the caller's own account only. */
export interface SettingsActor {
  userId: string | null;
}

const NONE_CHOSEN: UserSettings = { copyNetwork: null };

export async function readUserSettings(
  context: { database: Database },
  actor: SettingsActor,
): Promise<UserSettings> {
  const userId = ownerOf(actor);
  const row = await findUserSettings(context.database, userId);
  // A value no longer offered (a network dropped in a release) reads as not chosen.
  const parsed = UserSettingsSchema.safeParse({ copyNetwork: row?.copy_network ?? null });
  return parsed.success ? parsed.data : NONE_CHOSEN;
}

export async function updateUserSettings(
  context: { database: Database; now: () => number },
  actor: SettingsActor,
  change: UpdateUserSettingsBody,
): Promise<UserSettings> {
  const userId = ownerOf(actor);
  if (change.copyNetwork) {
    await saveCopyNetwork(context.database, { userId, copyNetwork: change.copyNetwork, now: context.now() });
  }
  return readUserSettings(context, actor);
}

/** For deleting an account (its data hook): its settings go. */
export async function eraseUserSettings(database: Database, userId: string): Promise<void> {
  await deleteUserSettings(database, userId);
}

function ownerOf(actor: SettingsActor): string {
  if (!actor.userId)
    throw new AppError(401, ErrorCode.unauthorized, 'Sign in to keep settings with your account.');
  return actor.userId;
}
