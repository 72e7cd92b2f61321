import { CaptionSuggestBodySchema, CaptionSuggestResponseSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { countedRelatedSearchHooks } from '../accounts/related-limit.http.js';
import type { HashtagContext } from '../related/related.service.js';
import { suggestForCaption } from './caption.service.js';

/** Tags from the words of a caption (issue 35; decision 030). */
export const captionRoutes: FastifyPluginAsyncZod<{ context: HashtagContext }> = async (app, options) => {
  app.post(
    '/suggest/caption',
    {
      // One related search for the free daily limit, as list suggestions.
      ...countedRelatedSearchHooks,
      schema: {
        tags: ['hashtags'],
        summary:
          'Tags for the words of a caption, best first, never a hashtag already in it; free visitors get the first 2',
        body: CaptionSuggestBodySchema,
        response: { 200: CaptionSuggestResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) =>
      suggestForCaption(options.context, {
        text: request.body.text,
        limit: request.body.limit,
        network: request.body.network,
        visible: request.viewer.capabilities.displayedRelatedTags,
      }),
  );
};
