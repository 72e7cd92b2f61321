import { CountdownResponseSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findCountdownDate } from './countdown.service.js';

export const countdownRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/countdown',
    {
      schema: {
        tags: ['appdata'],
        summary: 'The live-event date in seconds since 1970 (0 = none)',
        response: { 200: CountdownResponseSchema },
      },
    },
    async () => ({
      return: { countDownDate: await findCountdownDate(app.database, app.config.COUNTDOWN_DATE) },
    }),
  );
};
