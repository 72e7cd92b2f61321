import {
  NetworksResponseSchema,
  TrendingQuerySchema,
  TrendingResponseSchema,
  TrendQuerySchema,
  TrendResponseSchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import type { HashtagContext } from '../related/related.service.js';
import { findTrending, findTrends, type TrendsContext } from './trends.service.js';

/**
 * Daily uses per network: trends of named tags, the tags trending now, and the networks that hold
 * data. Open to every visitor, like counts (decision 018).
 */
export const trendRoutes: FastifyPluginAsyncZod<{ context: HashtagContext }> = async (app, options) => {
  const context: TrendsContext = { ...options.context, now: app.config.now };

  app.get(
    '/trends/hashtags',
    {
      schema: {
        tags: ['hashtags'],
        summary:
          'Daily uses of up to 100 hashtags on a network over the last 30 days, with 7- and 30-day sums and the week-on-week change',
        querystring: TrendQuerySchema,
        response: { 200: TrendResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => findTrends(context, { tags: request.query.tags, network: request.query.network }),
  );

  app.get(
    '/trends/now',
    {
      schema: {
        tags: ['hashtags'],
        summary:
          'The tags of a network whose use grew most over the last 24 hours (at least 10 uses; banned tags left out)',
        querystring: TrendingQuerySchema,
        response: { 200: TrendingResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => findTrending(context, { network: request.query.network, limit: request.query.limit }),
  );

  app.get(
    '/networks',
    {
      schema: {
        tags: ['hashtags'],
        summary: 'The networks that hold data, and the one answering requests that name none',
        response: { 200: NetworksResponseSchema },
      },
    },
    async () => ({
      default: await context.defaultNetwork.resolve(),
      networks: await context.defaultNetwork.holdingData(),
    }),
  );
};
