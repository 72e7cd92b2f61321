import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardEveryRoute, requireAdmin } from './auth.js';

/**
 * Every /api/admin/* route is registered inside this one plugin, whose guard (the
 * first onRequest hook of each of them) refuses anyone but an administrator before the route's schema or handler runs (deny by
 * default: a route added here is protected without saying so).
 */
export const adminPlugin: FastifyPluginAsyncZod<{ routes: FastifyPluginAsyncZod[] }> = async (
  app,
  options,
) => {
  guardEveryRoute(app, requireAdmin);
  for (const routes of options.routes) await app.register(routes);
};
