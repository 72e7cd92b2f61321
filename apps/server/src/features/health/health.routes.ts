import { HealthResponseSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from './health.service.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness with a database round trip, and the Bluesky firehose consumer of this process',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => checkHealth(app.database, app.config.version, app.sources.firehose.status()),
  );
};
