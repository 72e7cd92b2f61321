import {
  CacheAcceptedResponseSchema,
  CacheAutocompleteBodySchema,
  CacheRecommendBodySchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { registerAccountDataHook } from '../accounts/accounts.service.js';
import { forgetChangedAnswers, type HashtagContext } from '../related/related.service.js';
import { ingestCrowdAutocomplete, ingestCrowdRecommend } from './crowd.service.js';
import { exportSubmitterReports, purgeSubmitter } from './crowd-purge.service.js';
import { crowdRuleOf } from './crowd-rule.js';
import { crowdRateLimitKey, crowdSubmitterGuard, senderOf } from './crowd-submitter.http.js';

/** Bodies of crowd-cache posts (decision 005: the 256 KB for a batch of posts). */
const RECOMMEND_BODY_LIMIT = 256 * 1024;
const AUTOCOMPLETE_BODY_LIMIT = 64 * 1024;

const crowdErrors = errorResponses(400, 401, 403);

/** The crowd cache: search results and posts that signed-in devices fetched (decision 011). */
export const crowdRoutes: FastifyPluginAsyncZod<{ context: HashtagContext }> = async (app, options) => {
  const { context } = options;
  const cacheRateLimit = {
    max: app.config.CACHE_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: crowdRateLimitKey,
  };
  const crowdRule = crowdRuleOf(app.config);
  // A deleted account's reports go as an administrator's purge takes them (decision 011): the
  // items they touched are decided again from the others' reports, and kept answers forgotten.
  registerAccountDataHook(app.accounts, {
    name: 'crowd',
    exportData: ({ database, userId }) => exportSubmitterReports(database, userId),
    eraseBefore: async ({ userId, now }) => {
      await purgeSubmitter(context.database, { submitter: userId, rule: crowdRule, now });
      await forgetChangedAnswers(context, { now });
    },
  });

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
        sender: senderOf(request),
        rule: crowdRule,
        now: app.config.now(),
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
        sender: senderOf(request),
        rule: crowdRule,
        now: app.config.now(),
      });
      context.defaultNetwork.forget();
      return reply.status(202).send(result);
    },
  );
};
