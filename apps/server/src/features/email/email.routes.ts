import { OutboxQuerySchema, OutboxResponseSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { isLoopbackAddress } from '../../client-address.js';
import { AppError } from '../../plugins/errors.js';
import { registerAccountDataHook } from '../accounts/accounts.service.js';
import { eraseEmailsTo, exportEmailsTo, listOutboxMessages } from './email.service.js';

/**
 * GET /api/dev/outbox: the outbox for local use and e2e tests. It exists only with
 * EXPOSE_OUTBOX=true and no SMTP_URL, and only for a client on this machine (the connection and
 * the client address both loopback, so a proxy on this host does not open it to the world);
 * otherwise it answers 404 like any unknown path.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAccountDataHook(app.accounts, {
    name: 'emails',
    exportData: ({ database, email }) => exportEmailsTo(database, email),
    eraseData: ({ database, email }) => eraseEmailsTo(database, email),
  });
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Emails in the outbox, newest first (only with EXPOSE_OUTBOX=true and no SMTP_URL)',
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const isLocal = isLoopbackAddress(request.ip) && isLoopbackAddress(request.socket.remoteAddress);
      if (!app.config.EXPOSE_OUTBOX || app.config.SMTP_URL || !isLocal) {
        throw AppError.notFound(`No such endpoint: GET /api/dev/outbox`);
      }
      return { messages: await listOutboxMessages(app.database, request.query.to, 50) };
    },
  );
};
