import { ErrorCode as Codes, type ErrorCode } from '@tagscout/core/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../app-error.js';
import { isPoolTimeout } from '../db/connect.js';

export { AppError, errorBody } from '../app-error.js';

const codeByStatus: Record<number, ErrorCode> = {
  400: Codes.invalidRequest,
  401: Codes.unauthorized,
  403: Codes.forbidden,
  404: Codes.notFound,
  409: Codes.conflict,
  413: Codes.payloadTooLarge,
  415: Codes.invalidRequest,
  429: Codes.rateLimited,
  503: Codes.unavailable,
};

/** Seconds a client is asked to wait when the database had no connection for its request. */
const BUSY_RETRY_AFTER_SECONDS = 2;
const BUSY_MESSAGE = 'The service is busy. Try again shortly.';

/** Answers every failure as {"error":{"code","message"}}; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Where in the input (posts.0.caption), never the schema's own path or the request part.
      const details = error.validation
        .map((issue) => {
          const field = issue.instancePath.split('/').filter(Boolean).join('.');
          return field ? `${field}: ${issue.message}` : issue.message;
        })
        .join('; ');
      return reply.status(400).send(errorBody(Codes.invalidRequest, `Invalid request. ${details}`));
    }
    if (isPoolTimeout(error)) {
      request.log.warn({ err: error }, 'no database connection in time');
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send(errorBody(Codes.unavailable, BUSY_MESSAGE));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      const message = status === 503 ? BUSY_MESSAGE : 'Something went wrong on our side.';
      return reply.status(status).send(errorBody(codeByStatus[status] ?? Codes.internal, message));
    }
    return reply
      .status(status)
      .send(errorBody(codeByStatus[status] ?? Codes.invalidRequest, readableMessage(error)));
  });
}

function readableMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large.';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Send the request body as JSON.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body must not be empty.';
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'The request body is not valid JSON.';
  return error.message;
}
