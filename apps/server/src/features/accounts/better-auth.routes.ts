import { AccountErrorCode, ErrorCode } from '@tagscout/core/api';
import type { FastifyPluginAsync } from 'fastify';
import { errorBody } from '../../plugins/errors.js';
import { authHeaders, forwardSetCookies } from './auth-http.js';

/**
 * Better Auth's own endpoints that we expose, under /api/auth. Everything else it offers (sign-in,
 * sign-up, codes, admin) is reached only through /api/account and /api/trial, where our limits and
 * answers apply, so it is not routed at all.
 */
const EXPOSED = [
  { method: 'GET', path: '/get-session' },
  { method: 'GET', path: '/list-sessions' },
  { method: 'POST', path: '/revoke-session' },
  { method: 'POST', path: '/revoke-other-sessions' },
] as const;

const AUTH_BODY_LIMIT = 16 * 1024;

export const registerBetterAuthRoutes: FastifyPluginAsync = async (app) => {
  for (const { method, path } of EXPOSED) {
    app.route({
      method,
      url: path,
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { tags: ['auth (Better Auth)'], summary: `Better Auth's ${path}` },
      handler: async (request, reply) => {
        const url = new URL(`/api/auth${path}`, `${request.protocol}://${request.host}`);
        const headers = authHeaders(request);
        const hasBody = method === 'POST';
        if (hasBody) headers.set('content-type', 'application/json');
        const response = await app.accounts.auth.handler(
          new Request(url, {
            method,
            headers,
            ...(hasBody && { body: JSON.stringify(request.body ?? {}) }),
          }),
        );
        forwardSetCookies(request, reply, response.headers);
        const text = await response.text();
        if (response.status >= 400) {
          return reply.status(response.status).send(translateError(response.status, text));
        }
        return reply
          .status(response.status)
          .type('application/json')
          .send(text || 'null');
      },
    });
  }
};

/** Better Auth's {code, message} errors in our {"error":{code,message}} shape. */
function translateError(status: number, text: string) {
  let message = 'The request was refused.';
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // not JSON: keep the generic message
  }
  const code =
    status === 401
      ? ErrorCode.unauthorized
      : status === 403
        ? ErrorCode.forbidden
        : status === 429
          ? (AccountErrorCode.rateLimited as ErrorCode)
          : ErrorCode.invalidRequest;
  return errorBody(code, message);
}
