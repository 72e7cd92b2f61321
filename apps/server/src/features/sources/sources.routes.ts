import {
  SourceReportBodySchema,
  SourceReportResponseSchema,
  SourceStatusResponseSchema,
} from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { requireAdmin } from '../../plugins/auth.js';
import { registerAccountDataHook } from '../accounts/accounts.service.js';
import type { SourcesRuntime } from './sources.runtime.js';
import {
  eraseSourceReports,
  exportSourceReports,
  findSourceStatus,
  recordDeviceReport,
} from './sources.service.js';

const REPORT_BODY_LIMIT = 1024;

/** Live sources (decision 010): the admin status with its alerts (docs/product-rules.md#live-sources), and device reports. */
export const sourcesRoutes: FastifyPluginAsyncZod<{ runtime: SourcesRuntime }> = async (app, options) => {
  const { context } = options.runtime;
  // A child plugin's onClose runs before the root's, so fetches stop before the database closes.
  app.addHook('onClose', async () => options.runtime.close());
  registerAccountDataHook(app.accounts, {
    name: 'sourceReports',
    exportData: ({ database, userId }) => exportSourceReports(database, userId),
    eraseData: ({ database, userId }) => eraseSourceReports(database, userId),
  });

  app.get(
    '/sources/status',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['sources'],
        summary: 'Administrators: the live sources, their failures and the alerts they raise',
        response: { 200: SourceStatusResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => findSourceStatus(context, request.viewer),
  );

  app.post(
    '/sources/reports',
    {
      bodyLimit: REPORT_BODY_LIMIT,
      config: { rateLimit: { max: app.config.CACHE_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['sources'],
        summary:
          'From the apps: a call to the network that failed on the device (block, cors, parse-error); counted only from signed-in accounts, shown to admins once several agree',
        body: SourceReportBodySchema,
        response: { 202: SourceReportResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { viewer } = request;
      const status = await recordDeviceReport(context, request.body, {
        userId: viewer.userId,
        isSignedIn: viewer.account.isSignedIn,
      });
      return reply.status(202).send({ status });
    },
  );
};
