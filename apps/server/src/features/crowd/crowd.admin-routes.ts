import { CrowdPurgeResponseSchema, CrowdSubmitterParamsSchema } from '@tagscout/core/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { AppError } from '../../plugins/errors.js';
import { forgetChangedAnswers, type HashtagContext } from '../related/related.service.js';
import { purgeSubmitter } from './crowd-purge.service.js';
import type { CrowdRule } from './crowd-rule.js';

/** Records an administrator's change (the admin audit log). */
export type AuditOf = (request: FastifyRequest) => (action: string, details: object) => Promise<void>;

const adminErrors = errorResponses(400, 401, 403);

/** Administrators undo one bad crowd submitter (inside the admin plugin's guard; decision 011). */
export function crowdAdminRoutes(options: {
  context: HashtagContext;
  rule: CrowdRule;
  audit: AuditOf;
}): FastifyPluginAsyncZod {
  const { context, rule } = options;
  return async (app) => {
    app.delete(
      '/crowd/submitters/:userId/reports',
      {
        schema: {
          tags: ['admin'],
          summary:
            "Administrators: remove every crowd report of one account, pending or agreed, and serve again what the others' reports agree on; its crowd posts go too, but for those others sent as well (audit-logged)",
          params: CrowdSubmitterParamsSchema,
          response: { 200: CrowdPurgeResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        // The admin plugin's guard already refused everyone else; checked again where data is removed.
        if (!request.viewer.isAdmin) throw AppError.forbidden('Only administrators may do this.');
        const submitter = request.params.userId;
        const now = app.config.now();
        const result = await purgeSubmitter(context.database, { submitter, rule, now });
        // Every process's kept answers may count the removed posts and values.
        await forgetChangedAnswers(context, { now });
        await options.audit(request)('crowd.purge-submitter', { submitter, ...result });
        return { submitter, ...result };
      },
    );
  };
}
