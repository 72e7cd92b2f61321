import {
  AccountErrorCode,
  ErrorCode,
  RevokeOtherSessionsBodySchema,
  RevokeSessionBodySchema,
  RevokeSessionResponseSchema,
} from '@tagscout/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../app-error.js';
import { requireSignedIn } from '../../plugins/auth.js';
import { errorBody } from '../../plugins/errors.js';
import { authHeaders, forwardSetCookies } from './auth.http.js';
import { revokeOtherSessions, revokeSession } from './sessions.service.js';

const AUTH_BODY_LIMIT = 16 * 1024;
const tags = ['auth (Better Auth)'];
const errors = errorResponses(400, 401);

/**
 * The session endpoints under /api/auth. Sign-in, sign-up, codes and admin are reached only through
 * /api/account and /api/trial, where our limits and answers apply, so Better Auth's own are not
 * routed. Session answers never carry a token (page scripts read them: a token there would undo
 * the httpOnly cookie); a session is named by its opaque id instead.
 */
export const registerBetterAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.accounts;

  app.get(
    '/get-session',
    { schema: { tags, summary: 'The current session and user (no token), or null' } },
    async (request, reply) => {
      const answer = await forwardToBetterAuth(request, reply, '/get-session');
      if (answer.ok && isRecord(answer.body) && isRecord(answer.body.session)) {
        return { ...answer.body, session: withoutToken(answer.body.session) };
      }
      return answer.body;
    },
  );

  app.get(
    '/list-sessions',
    {
      preHandler: requireSignedIn,
      schema: { tags, summary: "The signed-in user's sessions, each by its opaque id (no token)" },
    },
    async (request, reply) => {
      const answer = await forwardToBetterAuth(request, reply, '/list-sessions');
      return answer.ok && Array.isArray(answer.body) ? answer.body.map(withoutToken) : answer.body;
    },
  );

  app.post(
    '/revoke-session',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      preHandler: requireSignedIn,
      schema: {
        tags,
        summary: "Ends one of the user's sessions, by the id list-sessions answers",
        body: RevokeSessionBodySchema,
        response: { 200: RevokeSessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeSession(database, String(request.viewer.userId), request.body.id);
      return { status: true as const };
    },
  );

  app.post(
    '/revoke-other-sessions',
    {
      bodyLimit: AUTH_BODY_LIMIT,
      preHandler: requireSignedIn,
      schema: {
        tags,
        summary: 'Ends every session of the user but this one',
        body: RevokeOtherSessionsBodySchema,
        response: { 200: RevokeSessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeOtherSessions(database, String(request.viewer.userId), String(request.authSessionId));
      return { status: true as const };
    },
  );
};

/** Better Auth's GET endpoint through its handler; its errors come back in our shape. */
async function forwardToBetterAuth(request: FastifyRequest, reply: FastifyReply, path: string) {
  const url = new URL(`/api/auth${path}`, `${request.protocol}://${request.host}`);
  const response = await request.server.accounts.auth.handler(
    new Request(url, { method: 'GET', headers: authHeaders(request) }),
  );
  forwardSetCookies(request, reply, response.headers);
  const text = await response.text();
  reply.status(response.status);
  if (response.status >= 400) return { ok: false, body: translateError(response.status, text) };
  return { ok: true, body: text ? (JSON.parse(text) as unknown) : null };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutToken(session: unknown) {
  if (!isRecord(session)) return session;
  const { token: _token, ...rest } = session;
  return rest;
}

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
          ? AccountErrorCode.rateLimited
          : ErrorCode.invalidRequest;
  return errorBody(code, message);
}
