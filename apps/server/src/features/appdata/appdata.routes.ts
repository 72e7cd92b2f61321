import {
  AppDataResponseSchema,
  FeatureSwitchesSchema,
  FeedbackBodySchema,
  FeedbackCreatedSchema,
  VersionCheckQuerySchema,
  VersionCheckResponseSchema,
  VersionConfigParamsSchema,
} from '@tagscout/core/api';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { type AppDataContext, checkVersion, getAppData, submitFeedback } from './appdata.service.js';

const tags = ['appdata'];
/** Public app data may be reused briefly by browsers and proxies (docs/security-policy.md#http-hardening). */
const PUBLIC_CACHE = 'public, max-age=15';
const FEEDBACK_BODY_LIMIT = 8 * 1024;

/** App data for everyone (docs/product-rules.md#app-data): outage banner, countdown, versions, switches; beta feedback. */
export const appDataRoutes: FastifyPluginAsyncZod<{ context: AppDataContext }> = async (app, { context }) => {
  const storeUrls = { ios: app.config.APP_STORE_URL, android: app.config.PLAY_STORE_URL };
  const cached = (reply: FastifyReply) => reply.header('cache-control', PUBLIC_CACHE);

  app.get(
    '/appdata',
    {
      schema: {
        tags,
        summary: 'The outage message, live-event date, deployed and minimum versions, and feature switches',
        response: { 200: AppDataResponseSchema },
      },
    },
    async (_request, reply) => {
      cached(reply);
      return getAppData(context);
    },
  );

  app.get(
    '/version/check',
    {
      schema: {
        tags,
        summary: 'Version check: shouldUpdate when the running app is older than the minimum version',
        querystring: VersionCheckQuerySchema,
        response: { 200: VersionCheckResponseSchema },
      },
    },
    async (request, reply) => {
      cached(reply);
      const platform = request.query.platform ?? 'web';
      return {
        shouldUpdate: await checkVersion(context, request.query),
        storeUrl: platform === 'web' ? null : storeUrls[platform],
      };
    },
  );

  app.get(
    '/version/:version/config',
    {
      schema: {
        tags,
        summary: 'The app configuration (feature switches) for that version',
        params: VersionConfigParamsSchema,
        response: { 200: FeatureSwitchesSchema },
      },
    },
    async (_request, reply) => {
      cached(reply);
      return (await getAppData(context)).switches;
    },
  );

  app.post(
    '/feedback',
    {
      bodyLimit: FEEDBACK_BODY_LIMIT,
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Beta feedback: the text is kept for administrators to read',
        body: FeedbackBodySchema,
        response: { 201: FeedbackCreatedSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitFeedback(context, request.viewer, request.body)),
  );
};
