import { UpdateUserSettingsBodySchema, UserSettingsSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { requireSignedIn } from '../../plugins/auth.js';
import { registerAccountDataHook } from '../accounts/accounts.service.js';
import { eraseUserSettings, readUserSettings, updateUserSettings } from './user-settings.service.js';

const tags = ['account'];
const errors = errorResponses(400, 401);

/** GET and PUT /api/account/settings: the signed-in user's own settings (there is no id to name another's). */
export const userSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = { database: app.accounts.database, now: app.accounts.now };
  registerAccountDataHook(app.accounts, {
    name: 'settings',
    exportData: ({ database, userId }) => readUserSettings({ database }, { userId }),
    eraseData: ({ database, userId }) => eraseUserSettings(database, userId),
  });

  app.get(
    '/settings',
    {
      preHandler: requireSignedIn,
      schema: {
        tags,
        summary: "The signed-in user's settings (each null until chosen)",
        response: { 200: UserSettingsSchema, ...errors },
      },
    },
    async (request) => readUserSettings(context, { userId: request.viewer.userId }),
  );

  app.put(
    '/settings',
    {
      bodyLimit: 4 * 1024,
      preHandler: requireSignedIn,
      schema: {
        tags,
        summary: "Changes the signed-in user's settings; anything left out stays",
        body: UpdateUserSettingsBodySchema,
        response: { 200: UserSettingsSchema, ...errors },
      },
    },
    async (request) => updateUserSettings(context, { userId: request.viewer.userId }, request.body),
  );
};
