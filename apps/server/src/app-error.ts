import { ErrorCode as Codes, type ErrorCode, type ErrorResponse } from '@tagscout/core/api';

// Framework-free, so services throw it without importing a plugin; plugins/errors.ts answers it.

/** The one error the server throws on purpose; its code and message reach the client unchanged. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
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

export function errorBody(code: ErrorCode, message: string): ErrorResponse {
  return { error: { code, message } };
}
