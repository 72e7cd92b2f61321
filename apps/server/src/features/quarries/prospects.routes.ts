import {
  ProspectPageQuerySchema,
  ProspectPageResponseSchema,
  QuarryParamsSchema,
  type RunResponse,
  RunResponseSchema,
  type RunSummary,
  UsageResponseSchema,
} from '@tagscout/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobQueue } from '../../jobs/job-queue.js';
import { type ProspectJob, prospectJobKey } from './prospect-run.service.js';
import { exportProspectsCsv, getUsage, listProspects } from './prospects.service.js';
import { adminOwnerId, type QuarriesContext } from './quarries.context.js';
import { audit, quarryErrors, quarryTags } from './quarries.http.js';
import { getQuarry } from './quarries.service.js';

/** How long "Run now" waits for the run before answering "queued". */
const RUN_WAIT_MS = 20_000;

/** Prospects, their CSV export, runs on demand and the usage figures. */
export function registerProspectRoutes(
  parent: FastifyInstance,
  deps: { context: QuarriesContext; jobs: JobQueue<ProspectJob, RunSummary[]> },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { context, jobs } = deps;

  const run = async (job: ProspectJob): Promise<RunResponse> => {
    const outcome = await jobs.submit(job, { key: prospectJobKey(job), waitMs: RUN_WAIT_MS });
    return outcome.status === 'done'
      ? { status: 'done', runs: outcome.result }
      : { status: 'queued', runs: [] };
  };

  app.get(
    '/quarries/usage',
    {
      schema: {
        tags: quarryTags,
        summary:
          "The account's prospecting this 30-day period: day, posts scanned and prospects found of the limits",
        response: { 200: UsageResponseSchema, ...quarryErrors },
      },
    },
    async (request) => getUsage(context, request.viewer),
  );

  app.post(
    '/quarries/run',
    {
      schema: {
        tags: quarryTags,
        summary: "Runs all the caller's active quarries now; answers when done, or queued after 20 s",
        response: { 200: RunResponseSchema, 202: RunResponseSchema, ...quarryErrors },
      },
    },
    async (request, reply) => {
      const ownerId = adminOwnerId(request.viewer);
      audit(request, 'quarry.run_all');
      const answer = await run({ kind: 'owner', ownerId });
      return reply.status(answer.status === 'done' ? 200 : 202).send(answer);
    },
  );

  app.post(
    '/quarries/:quarryId/run',
    {
      schema: {
        tags: quarryTags,
        summary: 'Runs one quarry now (an inactive one is skipped); answers when done, or queued after 20 s',
        params: QuarryParamsSchema,
        response: { 200: RunResponseSchema, 202: RunResponseSchema, ...quarryErrors },
      },
    },
    async (request, reply) => {
      const { quarryId } = request.params;
      await getQuarry(context, request.viewer, quarryId);
      audit(request, 'quarry.run', { quarryId });
      const answer = await run({ kind: 'quarry', quarryId });
      return reply.status(answer.status === 'done' ? 200 : 202).send(answer);
    },
  );

  app.get(
    '/quarries/:quarryId/prospects',
    {
      schema: {
        tags: quarryTags,
        summary: 'The prospects of the latest run, a page at a time: new ones first, newest post first',
        params: QuarryParamsSchema,
        querystring: ProspectPageQuerySchema,
        response: { 200: ProspectPageResponseSchema, ...quarryErrors },
      },
    },
    async (request) =>
      listProspects(context, request.viewer, {
        quarryId: request.params.quarryId,
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  );

  app.get(
    '/quarries/:quarryId/prospects.csv',
    {
      schema: {
        tags: quarryTags,
        summary: 'Every prospect of the latest run as a CSV download',
        params: QuarryParamsSchema,
        produces: ['text/csv'],
        // Sent as is: a string with its own content type skips the serializer.
        response: { 200: z.string().meta({ description: 'The CSV file' }), ...quarryErrors },
      },
    },
    async (request, reply) => {
      const { filename, text } = await exportProspectsCsv(context, request.viewer, request.params.quarryId);
      audit(request, 'quarry.export', { quarryId: request.params.quarryId });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
}
