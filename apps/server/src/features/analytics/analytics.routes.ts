import {
  ANALYTICS_LIMITS,
  AnalyticsSummaryQuerySchema,
  AnalyticsSummaryResponseSchema,
  ErrorCode,
  RegisterEventBodySchema,
  RegisterEventResponseSchema,
} from '@tagscout/core/api';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { AppError } from '../../plugins/errors.js';
import { type AnalyticsContext, registerEvents, summarizeEvents } from './analytics.service.js';

/** Per IP and, separately, per device (docs/security-policy.md#rate-limits). */
export const EVENTS_PER_MINUTE = { perIp: 60, perDevice: 20 } as const;

/** registerEvent: analytics batches from the apps (answer 202). */
export function analyticsRoutes(context: AnalyticsContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The route's own limit counts per address; this one per device (the plugin runs one hook per request).
    const deviceLimit = app.createRateLimit({
      max: EVENTS_PER_MINUTE.perDevice,
      timeWindow: 60_000,
      keyGenerator: (request) => `events-device:${deviceKey(request)}`,
    });
    const perDevice: preHandlerAsyncHookHandler = async (request, reply) => {
      const result = await deviceLimit(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(429, ErrorCode.rateLimited, 'Too many events from this device. Try again later.');
    };

    app.post(
      '/events',
      {
        bodyLimit: ANALYTICS_LIMITS.bodyLimitBytes,
        config: { rateLimit: { max: EVENTS_PER_MINUTE.perIp, timeWindow: '1 minute' } },
        preHandler: perDevice,
        schema: {
          tags: ['analytics'],
          summary:
            'registerEvent: one event or a batch of up to 100 (allow-listed names; idempotent by eventId)',
          body: RegisterEventBodySchema,
          response: { 202: RegisterEventResponseSchema, ...errorResponses(400, 429) },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await registerEvents(context, request.viewer, request.body)),
    );
  };
}

/** The admin view's counts by type and day (inside the admin plugin's guard). */
export function analyticsAdminRoutes(context: AnalyticsContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/analytics',
      {
        schema: {
          tags: ['admin'],
          summary: 'Administrators: event counts by type and day',
          querystring: AnalyticsSummaryQuerySchema,
          response: { 200: AnalyticsSummaryResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => summarizeEvents(context, request.viewer, request.query.days),
    );
  };
}

/** The device: the session's, else the X-Device-Id header, else the body's, else the address. */
function deviceKey(request: FastifyRequest): string {
  const body = request.body as { userDetail?: { device?: unknown } } | undefined;
  const fromBody = typeof body?.userDetail?.device === 'string' ? body.userDetail.device : '';
  return request.viewer.deviceId ?? (fromBody.slice(0, 100) || request.ip);
}
