import type { FastifyPluginAsync } from 'fastify';
import { identityRoutes } from './identity.routes.js';
import { trialRoutes } from './trial.routes.js';
import { userSettingsRoutes } from './user-settings.routes.js';

/** Everything of the accounts feature under /api (docs/api-accounts.md). */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(identityRoutes, { prefix: '/account' });
  await app.register(userSettingsRoutes, { prefix: '/account' });
  await app.register(trialRoutes, { prefix: '/trial' });
};
