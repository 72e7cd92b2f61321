import {
  type AppErrorCode,
  ErrorCode as Codes,
  type ErrorResponse,
  ErrorResponseSchema,
} from '@tagscout/core/api';

// Framework-free, so services throw it without importing a plugin; plugins/errors.ts answers it.

/** The one error the server throws on purpose; its code and message reach the client unchanged. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message);
  }

  static notFound(message: string) {
    return new AppError(404, Codes.notFound, message);
  }

  static badRequest(message: string) {
    return new AppError(400, Codes.invalidRequest, message);
  }

  static forbidden(message: string) {
    return new AppError(403, Codes.forbidden, message);
  }
}

export function errorBody(code: AppErrorCode, message: string): ErrorResponse {
  return { error: { code, message } };
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;

/** The error answers of a route schema: `response: { 200: X, ...errorResponses(400, 404) }`. */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): Record<S, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<
    S,
    typeof ErrorResponseSchema
  >;
}
