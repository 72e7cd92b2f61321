import { SuggestQuerySchema, SuggestResponseSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { countedRelatedSearchHooks } from '../accounts/related-limit.http.js';
import type { HashtagContext } from '../related/related.service.js';
import { suggestForList } from './suggest.service.js';

/** Suggestions for the list a user is building (issue 16; decision 015). */
export const suggestRoutes: FastifyPluginAsyncZod<{ context: HashtagContext }> = async (app, options) => {
  app.get(
    '/suggest/hashtags',
    {
      // One related search for the free daily limit, like expanding a tag's related list.
      ...countedRelatedSearchHooks,
      schema: {
        tags: ['hashtags'],
        summary:
          'Tags to add to a list of 1 to 30 hashtags, best first, never one of them; free visitors get the first 2',
        querystring: SuggestQuerySchema,
        response: { 200: SuggestResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) =>
      suggestForList(options.context, {
        tags: request.query.tags,
        limit: request.query.limit,
        network: request.query.network,
        visible: request.viewer.capabilities.displayedRelatedTags,
      }),
  );
};
