import { z } from 'zod';
import { COPY_NETWORKS } from '../export/index.js';

/** Settings kept with the account (GET /api/account/settings): each null until the user chooses. */
export const UserSettingsSchema = z
  .object({
    /** The export panel's "Copy for" network (decision 014). */
    copyNetwork: z.enum(COPY_NETWORKS).nullable(),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /api/account/settings: the settings to change; anything left out stays as it is. */
export const UpdateUserSettingsBodySchema = z
  .strictObject({
    copyNetwork: z.enum(COPY_NETWORKS, { error: 'must be one of the networks Copy for offers' }).optional(),
  })
  .meta({ id: 'UpdateUserSettings' });
export type UpdateUserSettingsBody = z.infer<typeof UpdateUserSettingsBodySchema>;
