import {
  CategoryListResponseSchema,
  CreateQuarryBodySchema,
  PlaceSearchQuerySchema,
  PlaceSearchResponseSchema,
  QuarryDeletedResponseSchema,
  QuarryListResponseSchema,
  QuarryParamsSchema,
  QuarrySchema,
  UpdateQuarryBodySchema,
} from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { createJobQueue } from '../../jobs/job-queue.js';
import { guardEveryRoute, requireAdmin } from '../../plugins/auth.js';
import { perAccountKey } from '../../route-guards.js';
import { registerAccountDataHook, registerAccountMergeHook } from '../accounts/accounts.service.js';
import { registerAutomationRoutes } from './automation.routes.js';
import { type ProspectJob, runProspectJob } from './prospect-run.service.js';
import { registerProspectRoutes } from './prospects.routes.js';
import { quarriesContext } from './quarries.context.js';
import { audit, quarryErrors, quarryTags } from './quarries.http.js';
import {
  adoptQuarries,
  createQuarry,
  deleteQuarry,
  exportQuarries,
  getQuarry,
  listCategories,
  listQuarries,
  searchPlaces,
  updateQuarry,
} from './quarries.service.js';

/**
 * Prospecting (docs/product-rules.md#prospecting; decision 008), for administrators only: every route below sits
 * behind one onRequest guard, so a route added here is denied to everyone else by default.
 */
export const quarriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = quarriesContext(app.database, app.config);
  registerAccountMergeHook(app.accounts, ({ database, fromUserId, toUserId }) =>
    adoptQuarries(database, fromUserId, toUserId),
  );
  registerAccountDataHook(app.accounts, {
    name: 'quarries',
    exportData: ({ database, userId }) => exportQuarries(database, userId),
  });
  const jobs = await createJobQueue<ProspectJob, Awaited<ReturnType<typeof runProspectJob>>>({
    name: 'prospecting',
    handler: (job) => runProspectJob(context, job),
    redisUrl: app.config.REDIS_URL,
    prefix: app.config.JOB_QUEUE_PREFIX,
    log: app.log,
  });
  app.addHook('onClose', async () => jobs.close());
  await jobs.schedule('prospecting-all', app.config.PROSPECTING_SCHEDULE_MINUTES * 60_000, { kind: 'all' });

  guardEveryRoute(app, requireAdmin);

  app.get(
    '/quarries',
    {
      schema: {
        tags: quarryTags,
        summary: "The caller's quarries, newest first (hidden ones included, flagged)",
        response: { 200: QuarryListResponseSchema, ...quarryErrors },
      },
    },
    async (request) => listQuarries(context, request.viewer),
  );

  app.post(
    '/quarries',
    {
      schema: {
        tags: quarryTags,
        summary:
          'Saves a new quarry: places, post filters and profile filters (defaults for those not given)',
        body: CreateQuarryBodySchema,
        response: { 201: QuarrySchema, ...quarryErrors },
      },
    },
    async (request, reply) => {
      const quarry = await createQuarry(context, request.viewer, request.body);
      audit(request, 'quarry.create', { quarryId: quarry.quarry_id });
      return reply.status(201).send(quarry);
    },
  );

  app.get(
    '/quarries/places',
    {
      config: {
        rateLimit: {
          max: 1,
          timeWindow: LIMITS.placeSearchRateLimitMs,
          keyGenerator: perAccountKey('quarry-places'),
        },
      },
      schema: {
        tags: quarryTags,
        summary: 'Places whose title starts with q, most posted first; at most 1 request a second per user',
        querystring: PlaceSearchQuerySchema,
        response: { 200: PlaceSearchResponseSchema, ...quarryErrors, ...errorResponses(429) },
      },
    },
    async (request) => searchPlaces(context, request.viewer, request.query.q),
  );

  app.get(
    '/quarries/categories',
    {
      schema: {
        tags: quarryTags,
        summary: 'Business categories found among the stored profiles, most common first',
        response: { 200: CategoryListResponseSchema, ...quarryErrors },
      },
    },
    async (request) => listCategories(context, request.viewer),
  );

  registerProspectRoutes(app, { context, jobs });
  registerAutomationRoutes(app, { context });

  app.get(
    '/quarries/:quarryId',
    {
      schema: {
        tags: quarryTags,
        summary: "One of the caller's quarries (another owner's answers 404)",
        params: QuarryParamsSchema,
        response: { 200: QuarrySchema, ...quarryErrors },
      },
    },
    async (request) => getQuarry(context, request.viewer, request.params.quarryId),
  );

  app.put(
    '/quarries/:quarryId',
    {
      schema: {
        tags: quarryTags,
        summary: 'Replaces the fields given; {"active": false} alone toggles the quarry',
        params: QuarryParamsSchema,
        body: UpdateQuarryBodySchema,
        response: { 200: QuarrySchema, ...quarryErrors },
      },
    },
    async (request) => {
      const quarry = await updateQuarry(context, request.viewer, request.params.quarryId, request.body);
      audit(request, 'quarry.update', { quarryId: quarry.quarry_id, fields: Object.keys(request.body) });
      return quarry;
    },
  );

  app.delete(
    '/quarries/:quarryId',
    {
      schema: {
        tags: quarryTags,
        summary: 'Deletes the quarry and the prospects it found',
        params: QuarryParamsSchema,
        response: { 200: QuarryDeletedResponseSchema, ...quarryErrors },
      },
    },
    async (request) => {
      await deleteQuarry(context, request.viewer, request.params.quarryId);
      audit(request, 'quarry.delete', { quarryId: request.params.quarryId });
      return { quarry_id: request.params.quarryId, deleted: true as const };
    },
  );
};
