import type { FastifyPluginAsync } from 'fastify';
import { outboxRoutes } from '../email/email.routes.js';
import { countdownRoutes } from './countdown.routes.js';
import { identityRoutes } from './identity.routes.js';
import { trialRoutes } from './trial.routes.js';

/** Everything of the accounts feature under /api (docs/api-accounts.md). */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(identityRoutes, { prefix: '/account' });
  await app.register(trialRoutes, { prefix: '/trial' });
  await app.register(countdownRoutes);
  await app.register(outboxRoutes);
};
