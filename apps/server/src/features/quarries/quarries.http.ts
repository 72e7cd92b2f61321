import { ErrorResponseSchema } from '@tagscout/core/api';
import type { FastifyRequest } from 'fastify';

/** The error answers every quarries route may give. */
export const quarryErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

export const quarryTags = ['quarries'];

/** Admin actions are audit-logged (SECURITY §2): who did what to which quarry. */
export function audit(request: FastifyRequest, action: string, details: object = {}): void {
  request.log.info({ audit: action, userId: request.viewer.userId, ...details }, 'admin action');
}
