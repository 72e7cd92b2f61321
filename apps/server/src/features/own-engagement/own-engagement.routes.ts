import {
  ConnectHandleBodySchema,
  HandleNetworkParamsSchema,
  OwnEngagementQuerySchema,
  OwnEngagementSchema,
  OwnHandlesSchema,
  OwnPostSettingsBodySchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { createJobQueue } from '../../jobs/job-queue.js';
import { perAccountKey, SESSION_REQUIRED } from '../../route-guards.js';
import { registerAccountDataHook } from '../accounts/accounts.service.js';
import { ownPostsActorOf, ownPostsGuard } from '../own-posts/own-posts.http.js';
import {
  connectHandle,
  disconnectHandle,
  eraseEngagementData,
  exportEngagementData,
  listHandles,
  readOwnEngagement,
  refreshDueHandles,
  refreshHandle,
  updateOwnPostSettings,
} from './own-engagement.service.js';

const tags = ['own posts'];
const errors = errorResponses(400, 401, 403);
/** Reading a handle costs the network requests: a few a minute per account. */
const READ_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  keyGenerator: perAccountKey('own-handles'),
};
/** The daily refresh looks for handles not read for a day this often. */
const REFRESH_CHECK_MS = 60 * 60_000;

/** /api/me: handles you connect, and which of your tags work (issue 34 §2, decision 031). */
export const ownEngagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = {
    database: app.database,
    now: app.config.now,
    appviewUrl: app.config.BLUESKY_APPVIEW_URL,
    allowLocalInstances: app.config.MASTODON_ALLOW_LOCAL_INSTANCES,
  };
  registerAccountDataHook(app.accounts, {
    name: 'ownHandles',
    exportData: ({ database, userId }) => exportEngagementData(database, userId),
    eraseData: ({ database, userId }) => eraseEngagementData(database, userId),
  });
  const daily = await createJobQueue<Record<string, never>, number>({
    name: 'own-handles-refresh',
    handler: () => refreshDueHandles(context),
    redisUrl: app.config.REDIS_URL,
    prefix: app.config.JOB_QUEUE_PREFIX,
    log: app.log,
  });
  app.addHook('onClose', async () => daily.close());
  await daily.schedule('own-handles-daily', REFRESH_CHECK_MS, {});

  const guarded = { onRequest: ownPostsGuard };
  app.get(
    '/handles',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The handles the signed-in user connected, and whether their tags feed list suggestions',
        security: SESSION_REQUIRED,
        response: { 200: OwnHandlesSchema, ...errors },
      },
    },
    async (request) => listHandles(context, ownPostsActorOf(request)),
  );

  app.post(
    '/handles',
    {
      ...guarded,
      bodyLimit: 4 * 1024,
      config: { rateLimit: READ_RATE_LIMIT },
      schema: {
        tags,
        summary:
          'Connects a Bluesky handle or a Mastodon address and reads its public posts and their counts now',
        security: SESSION_REQUIRED,
        body: ConnectHandleBodySchema,
        response: { 200: OwnHandlesSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => connectHandle(context, ownPostsActorOf(request), request.body),
  );

  app.post(
    '/handles/:network/refresh',
    {
      ...guarded,
      config: { rateLimit: READ_RATE_LIMIT },
      schema: {
        tags,
        summary: "Reads a connected handle's posts and counts again (at most once a minute; daily by itself)",
        security: SESSION_REQUIRED,
        params: HandleNetworkParamsSchema,
        response: { 200: OwnHandlesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => refreshHandle(context, ownPostsActorOf(request), request.params.network),
  );

  app.delete(
    '/handles/:network',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Disconnects a handle (the posts read stay until deleted with the imported posts)',
        security: SESSION_REQUIRED,
        params: HandleNetworkParamsSchema,
        response: { 200: OwnHandlesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => disconnectHandle(context, ownPostsActorOf(request), request.params.network),
  );

  app.put(
    '/settings',
    {
      ...guarded,
      bodyLimit: 1024,
      schema: {
        tags,
        summary: 'Whether "Your tags that work" feed the list suggestions (off until turned on)',
        security: SESSION_REQUIRED,
        body: OwnPostSettingsBodySchema,
        response: { 200: OwnHandlesSchema, ...errors },
      },
    },
    async (request) => updateOwnPostSettings(context, ownPostsActorOf(request), request.body),
  );

  app.get(
    '/engagement',
    {
      ...guarded,
      schema: {
        tags,
        summary:
          "Which of the signed-in user's tags work: median engagement with each against without it, by week",
        security: SESSION_REQUIRED,
        querystring: OwnEngagementQuerySchema,
        response: { 200: OwnEngagementSchema, ...errors },
      },
    },
    async (request) => readOwnEngagement(context, ownPostsActorOf(request), request.query),
  );
};
