import { ErrorResponseSchema } from '@tagscout/core/api';
import type { FastifyRequest } from 'fastify';
import { type AppDataContext, type AuditSink, auditTo } from './appdata.service.js';

export const adminErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
};

/** Records an administrator's change in the log and the admin_audit table. */
export function auditOf(context: AppDataContext, request: FastifyRequest): AuditSink {
  return auditTo(context, {
    viewer: request.viewer,
    ip: request.ip,
    log: (details, message) => request.log.info(details, message),
  });
}
