import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../app-error.js';

/** The error answers every quarries route may give. */
export const quarryErrors = errorResponses(400, 401, 403, 404);

export const quarryTags = ['quarries'];

/** Admin actions are audit-logged (docs/security-policy.md#access-control): who did what to which quarry. */
export function audit(request: FastifyRequest, action: string, details: object = {}): void {
  request.log.info({ audit: action, userId: request.viewer.userId, ...details }, 'admin action');
}
