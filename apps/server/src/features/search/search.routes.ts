import {
  AutocompleteParamsSchema,
  AutocompleteQuerySchema,
  BannedTagsResponseSchema,
  HashtagAutocompleteParamsSchema,
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { relatedSearchHooks } from '../accounts/related-limit.http.js';
import type { HashtagContext } from '../related/related.service.js';
import { listBannedTags } from './banned-tags.service.js';
import { relatedForPlan } from './related-for-plan.js';
import {
  autocompleteHashtags,
  autocompletePlaces,
  autocompleteUsers,
  findHashtagInfo,
  findPlaceInfo,
  findUserInfo,
} from './search.service.js';

const errors = errorResponses(400, 404);

/** Search, counts, related tags and banned tags. */
export const searchRoutes: FastifyPluginAsyncZod<{ context: HashtagContext }> = async (app, options) => {
  const { context } = options;

  app.get(
    '/autocomplete/hashtag/:query',
    {
      schema: {
        tags: ['hashtags'],
        summary:
          'Hashtags of a network starting with the query, with or without accents (words typed with spaces are one tag): the exact tag first, then by post count; at most 50',
        params: HashtagAutocompleteParamsSchema,
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
      ...relatedSearchHooks,
      schema: {
        tags: ['hashtags'],
        summary:
          'Counts of up to 100 comma-separated hashtags on a network, or one with its related tags (?recommended=1)',
        params: HashtagInfoParamsSchema,
        querystring: HashtagInfoQuerySchema,
        response: { 200: HashtagInfoResponseSchema, ...errors },
      },
    },
    async (request) => {
      const answer = await findHashtagInfo(context, {
        names: request.params.names,
        recommended: request.query.recommended,
        ranking: request.query.ranking,
        network: request.query.network,
      });
      return relatedForPlan(answer, shownBy(request));
    },
  );

  app.get(
    '/info/place/:id',
    {
      ...relatedSearchHooks,
      schema: {
        tags: ['hashtags'],
        summary: 'A place, with its related tags when ?recommended=1',
        params: PlaceInfoParamsSchema,
        querystring: InfoQuerySchema,
        response: { 200: PlaceInfoResponseSchema, ...errors },
      },
    },
    async (request) => {
      const answer = await findPlaceInfo(context, {
        id: request.params.id,
        recommended: request.query.recommended,
        ranking: request.query.ranking,
      });
      return relatedForPlan(answer, shownBy(request));
    },
  );

  app.get(
    '/info/user/:id',
    {
      ...relatedSearchHooks,
      schema: {
        tags: ['hashtags'],
        summary: 'A profile (by id, or else username), with its related tags when ?recommended=1',
        params: UserInfoParamsSchema,
        querystring: InfoQuerySchema,
        response: { 200: UserInfoResponseSchema, ...errors },
      },
    },
    async (request) => {
      const answer = await findUserInfo(context, {
        id: request.params.id,
        recommended: request.query.recommended,
        ranking: request.query.ranking,
      });
      return relatedForPlan(answer, shownBy(request));
    },
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
};

/** How many related tags the caller's plan shows (null: all). */
function shownBy(request: FastifyRequest): number | null {
  return request.viewer.capabilities.displayedRelatedTags;
}
