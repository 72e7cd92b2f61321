import {
  AutocompleteParamsSchema,
  AutocompleteQuerySchema,
  BannedTagsResponseSchema,
  CacheAcceptedResponseSchema,
  CacheAutocompleteBodySchema,
  CacheRecommendBodySchema,
  HashtagAutocompleteResponseSchema,
  HashtagInfoParamsSchema,
  HashtagInfoQuerySchema,
  HashtagInfoResponseSchema,
  InfoQuerySchema,
  PlaceAutocompleteResponseSchema,
  PlaceInfoParamsSchema,
  PlaceInfoResponseSchema,
  UserAutocompleteResponseSchema,
  UserInfoParamsSchema,
  UserInfoResponseSchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { relatedSearchGuard } from '../accounts/related-limit.js';
import { ingestCrowdAutocomplete, ingestCrowdRecommend } from '../crowd/crowd.service.js';
import { crowdRuleOf } from '../crowd/crowd-rule.js';
import { crowdRateLimitKey, crowdSubmitterGuard, submitterOf } from '../crowd/crowd-submitter.js';
import { listBannedTags } from './banned-tags.service.js';
import {
  autocompleteHashtags,
  autocompletePlaces,
  autocompleteUsers,
  findHashtagInfo,
  findPlaceInfo,
  findUserInfo,
  type HashtagContext,
} from './search.service.js';

/** Bodies of crowd-cache posts (decision 005: the 256 KB for a batch of posts). */
const RECOMMEND_BODY_LIMIT = 256 * 1024;
const AUTOCOMPLETE_BODY_LIMIT = 64 * 1024;

const errors = errorResponses(400, 404);
const crowdErrors = errorResponses(400, 401, 403);

/** Search, counts, related tags, banned tags and the crowd cache. */
export const hashtagRoutes: FastifyPluginAsyncZod<{ context: HashtagContext }> = async (app, options) => {
  const { context } = options;
  const cacheRateLimit = {
    max: app.config.CACHE_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: crowdRateLimitKey,
  };
  const crowdRule = crowdRuleOf(app.config);

  app.get(
    '/autocomplete/hashtag/:query',
    {
      schema: {
        tags: ['hashtags'],
        summary:
          'Hashtags of a network starting with the query: the exact tag first, then by post count; at most 50',
        params: AutocompleteParamsSchema,
        querystring: AutocompleteQuerySchema,
        response: { 200: HashtagAutocompleteResponseSchema, ...errors },
      },
    },
    async (request) =>
      autocompleteHashtags(context, { query: request.params.query, network: request.query.network }),
  );

  app.get(
    '/autocomplete/place/:query',
    {
      schema: {
        tags: ['hashtags'],
        summary: 'Places whose title starts with the query, by post count; at most 50',
        params: AutocompleteParamsSchema,
        response: { 200: PlaceAutocompleteResponseSchema, ...errors },
      },
    },
    async (request) => autocompletePlaces(app.database, request.params.query),
  );

  app.get(
    '/autocomplete/user/:query',
    {
      schema: {
        tags: ['hashtags'],
        summary: 'Profiles whose username starts with the query, by followers; at most 50',
        params: AutocompleteParamsSchema,
        response: { 200: UserAutocompleteResponseSchema, ...errors },
      },
    },
    async (request) => autocompleteUsers(app.database, request.params.query),
  );

  app.get(
    '/info/hashtag/:names',
    {
      preHandler: relatedSearchGuard,
      schema: {
        tags: ['hashtags'],
        summary:
          'Counts of up to 100 comma-separated hashtags on a network, or one with its related tags (?recommended=1)',
        params: HashtagInfoParamsSchema,
        querystring: HashtagInfoQuerySchema,
        response: { 200: HashtagInfoResponseSchema, ...errors },
      },
    },
    async (request) =>
      findHashtagInfo(context, {
        names: request.params.names,
        recommended: request.query.recommended,
        ranking: request.query.ranking,
        network: request.query.network,
      }),
  );

  app.get(
    '/info/place/:id',
    {
      preHandler: relatedSearchGuard,
      schema: {
        tags: ['hashtags'],
        summary: 'A place, with its related tags when ?recommended=1',
        params: PlaceInfoParamsSchema,
        querystring: InfoQuerySchema,
        response: { 200: PlaceInfoResponseSchema, ...errors },
      },
    },
    async (request) =>
      findPlaceInfo(context, {
        id: request.params.id,
        recommended: request.query.recommended,
        ranking: request.query.ranking,
      }),
  );

  app.get(
    '/info/user/:id',
    {
      preHandler: relatedSearchGuard,
      schema: {
        tags: ['hashtags'],
        summary: 'A profile (by id, or else username), with its related tags when ?recommended=1',
        params: UserInfoParamsSchema,
        querystring: InfoQuerySchema,
        response: { 200: UserInfoResponseSchema, ...errors },
      },
    },
    async (request) =>
      findUserInfo(context, {
        id: request.params.id,
        recommended: request.query.recommended,
        ranking: request.query.ranking,
      }),
  );

  app.get(
    '/banned-tags',
    {
      schema: {
        tags: ['hashtags'],
        summary: 'Tags the network hides; they carry "banned": true wherever they appear',
        response: { 200: BannedTagsResponseSchema },
      },
    },
    async () => listBannedTags(app.database),
  );

  app.post(
    '/cache/autocomplete',
    {
      bodyLimit: AUTOCOMPLETE_BODY_LIMIT,
      config: { rateLimit: cacheRateLimit },
      onRequest: crowdSubmitterGuard,
      schema: {
        tags: ['crowd cache'],
        summary:
          'Search results a signed-in device fetched: counts, places and profiles are served once enough accounts agree (decision 011)',
        body: CacheAutocompleteBodySchema,
        response: { 202: CacheAcceptedResponseSchema, ...crowdErrors },
      },
    },
    async (request, reply) => {
      const result = await ingestCrowdAutocomplete(app.database, request.body, {
        submitter: submitterOf(request),
        rule: crowdRule,
      });
      context.suggestions?.clear();
      context.defaultNetwork.forget();
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/cache/recommend',
    {
      bodyLimit: RECOMMEND_BODY_LIMIT,
      config: { rateLimit: cacheRateLimit },
      onRequest: crowdSubmitterGuard,
      schema: {
        tags: ['crowd cache'],
        summary:
          'One hashtag, place or user and up to 1,000 of its posts, fetched by a signed-in device (decision 011)',
        body: CacheRecommendBodySchema,
        response: { 202: CacheAcceptedResponseSchema, ...crowdErrors },
      },
    },
    async (request, reply) => {
      const result = await ingestCrowdRecommend(app.database, request.body, {
        submitter: submitterOf(request),
        rule: crowdRule,
      });
      context.defaultNetwork.forget();
      return reply.status(202).send(result);
    },
  );
};
