import {
  CreateTopicBodySchema,
  TopicConflictResponseSchema,
  TopicOwnerQuerySchema,
  TopicParamsSchema,
  TopicsByIdSchema,
  UpdateTopicBodySchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../app-error.js';
import { requireCapability } from '../../plugins/auth.js';
import { registerAccountDataHook, registerAccountMergeHook } from '../accounts/accounts.service.js';
import { keyById } from './topics.presenter.js';
import {
  adoptTopics,
  createTopic,
  exportTopics,
  getTopic,
  listTopics,
  removeTopic,
  TopicConflictError,
  type TopicContext,
  updateTopic,
} from './topics.service.js';

const errors = errorResponses(400, 401, 403, 404);
const createErrors = errorResponses(400, 401, 403, 404, 409);
const tags = ['topics'];

/** Collections (docs/product-rules.md#api-names): the caller's own topics only, answers keyed by topic_id. */
export const topicRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: TopicContext = { database: app.database, now: app.config.now };
  registerAccountMergeHook(app.accounts, ({ database, fromUserId, toUserId }) =>
    adoptTopics(database, fromUserId, toUserId),
  );
  registerAccountDataHook(app.accounts, {
    name: 'collections',
    exportData: ({ database, userId }) => exportTopics(database, userId),
  });
  const canRead = requireCapability('canUseCollections');
  const canWrite = requireCapability('canSaveTopics');

  app.get(
    '/topics',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: "The caller's collections, most recently saved first",
        querystring: TopicOwnerQuerySchema,
        response: { 200: TopicsByIdSchema, ...errors },
      },
    },
    async (request) =>
      keyById(await listTopics(context, request.viewer, { ownerQuery: request.query.owner_id })),
  );

  app.post(
    '/topics',
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: "Saves a new collection; an empty title is stored as '(untitled)'",
        querystring: TopicOwnerQuerySchema,
        body: CreateTopicBodySchema,
        response: { 201: TopicsByIdSchema, ...createErrors },
      },
    },
    async (request, reply) => {
      const topic = await createTopic(context, request.viewer, {
        input: request.body,
        ownerQuery: request.query.owner_id,
      });
      return reply.status(201).send(keyById([topic]));
    },
  );

  app.get(
    '/topics/:topicId',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'One of the caller’s collections',
        params: TopicParamsSchema,
        querystring: TopicOwnerQuerySchema,
        response: { 200: TopicsByIdSchema, ...errors },
      },
    },
    async (request) => keyById([await getTopic(context, request.viewer, ownedTopic(request))]),
  );

  app.put(
    '/topics/:topicId',
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Replaces a collection if it is still at base_modified; else 409 with the stored version',
        params: TopicParamsSchema,
        querystring: TopicOwnerQuerySchema,
        body: UpdateTopicBodySchema,
        response: { 200: TopicsByIdSchema, ...errors, 409: TopicConflictResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const topic = await updateTopic(context, request.viewer, {
          ...ownedTopic(request),
          input: request.body,
        });
        return keyById([topic]);
      } catch (error) {
        if (!(error instanceof TopicConflictError)) throw error;
        return reply.status(409).send({
          error: { code: error.code, message: error.message },
          current: error.current,
        });
      }
    },
  );

  app.delete(
    '/topics/:topicId',
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Deletes one of the caller’s collections',
        params: TopicParamsSchema,
        querystring: TopicOwnerQuerySchema,
        response: { 204: z.null().meta({ description: 'Deleted' }), ...errors },
      },
    },
    async (request, reply) => {
      await removeTopic(context, request.viewer, ownedTopic(request));
      return reply.status(204).send(null);
    },
  );
};

function ownedTopic(request: { params: { topicId: string }; query: { owner_id?: string | undefined } }) {
  return { topicId: request.params.topicId, ownerQuery: request.query.owner_id };
}
