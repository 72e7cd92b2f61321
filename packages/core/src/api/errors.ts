import { z } from 'zod';

/** Every failure the API answers, in one shape. */
export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable machine-readable code, e.g. "not_found"' }),
      message: z.string().meta({ description: 'A sentence a user can understand' }),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const ErrorCode = {
  invalidRequest: 'invalid_request',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  unavailable: 'unavailable',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
