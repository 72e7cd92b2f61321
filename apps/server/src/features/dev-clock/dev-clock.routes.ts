import { DevClockBodySchema, DevClockResponseSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '../../app-error.js';
import { isLoopbackAddress } from '../../client-address.js';
import type { MovableClock } from '../../clock.js';

/**
 * POST /api/dev/clock: moves the server's clock (config.now) forward, so browser tests see a trial end
 * or a rate-limit window pass without waiting. It exists only with EXPOSE_CLOCK=true (which config.ts
 * refuses beside real mail, real payments, a public address or several processes), and only for a
 * client on this machine, as the outbox; otherwise it answers 404 like any unknown path.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: MovableClock | null }> = async (app, options) => {
  app.post(
    '/dev/clock',
    {
      schema: {
        tags: ['development'],
        summary: "Moves the server's clock forward (only with EXPOSE_CLOCK=true)",
        body: DevClockBodySchema,
        response: { 200: DevClockResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const isLocal = isLoopbackAddress(request.ip) && isLoopbackAddress(request.socket.remoteAddress);
      const { clock } = options;
      if (!clock || !isLocal) throw AppError.notFound('No such endpoint: POST /api/dev/clock');
      clock.advance(request.body.advanceMs);
      return { now: clock.now(), offsetMs: clock.offsetMs() };
    },
  );
};
