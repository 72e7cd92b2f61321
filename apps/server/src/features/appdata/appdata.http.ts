import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../app-error.js';
import { type AppDataContext, type AuditSink, auditTo } from './appdata.service.js';

export const adminErrors = errorResponses(400, 401, 403);

/** Records an administrator's change in the log and the admin_audit table. */
export function auditOf(context: AppDataContext, request: FastifyRequest): AuditSink {
  return auditTo(context, {
    viewer: request.viewer,
    ip: request.ip,
    log: (details, message) => request.log.info(details, message),
  });
}
