import {
  AdminAppDataResponseSchema,
  FeedbackListResponseSchema,
  UpdateAppDataBodySchema,
  UpdateBannedTagsBodySchema,
  UpdateBannedTagsResponseSchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgetCachedTags } from '../related/related.service.js';
import { adminErrors, auditOf } from './appdata.http.js';
import {
  type AppDataContext,
  getAdminAppData,
  listFeedback,
  replaceBannedTagList,
  updateAppData,
} from './appdata.service.js';

const tags = ['admin'];

/** The admin screen's app data, banned tags and feedback (inside the admin plugin's guard). */
export function appDataAdminRoutes(context: AppDataContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/appdata',
      {
        schema: {
          tags,
          summary: 'Administrators: the app data and who changed it last',
          response: { 200: AdminAppDataResponseSchema, ...adminErrors },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        // Always fresh: another server process may have changed it.
        return getAdminAppData({ ...context, cache: null });
      },
    );

    app.put(
      '/appdata',
      {
        schema: {
          tags,
          summary:
            'Administrators: change the outage message, countdown, versions or switches (audit-logged)',
          body: UpdateAppDataBodySchema,
          response: { 200: AdminAppDataResponseSchema, ...adminErrors },
        },
      },
      async (request) => updateAppData(context, request.viewer, request.body, auditOf(context, request)),
    );

    app.put(
      '/banned-tags',
      {
        schema: {
          tags,
          summary: 'Administrators: replace the banned tags (kept over the banned-tags file; audit-logged)',
          body: UpdateBannedTagsBodySchema,
          response: { 200: UpdateBannedTagsResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const result = await replaceBannedTagList(
          context,
          request.viewer,
          request.body.tags,
          auditOf(context, request),
        );
        // This process's cached answers carry the old flags; other processes' expire on their own.
        forgetCachedTags(app.hashtags);
        return result;
      },
    );

    app.get(
      '/feedback',
      {
        schema: {
          tags,
          summary: 'Administrators: the newest 200 beta feedback messages',
          response: { 200: FeedbackListResponseSchema, ...adminErrors },
        },
      },
      async (request) => listFeedback(context, request.viewer),
    );
  };
}
