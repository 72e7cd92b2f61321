import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { platformOf } from '../../plugins/auth.js';
import type { AuthRequest } from './account-request.js';
import { authHeaders, forwardSetCookies, knownDeviceCookieOf } from './auth.http.js';
import { throwIfRefused } from './auth-calls.js';

/** Auth bodies are small (docs/security-policy.md#request-limits). */
export const AUTH_BODY_LIMIT = 16 * 1024;

export function authRequestOf(request: FastifyRequest): AuthRequest {
  return {
    headers: authHeaders(request),
    ip: request.ip,
    platform: platformOf(request),
    viewer: request.viewer,
    knownDevice: knownDeviceCookieOf(request),
    audit: (event, { email, ...fields }) =>
      request.log.info(
        {
          audit: event,
          ...fields,
          ...(email && { emailHash: createHash('sha256').update(email).digest('hex').slice(0, 16) }),
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        },
        `auth ${event} ${fields.outcome}`,
      ),
  };
}

/** Per IP: 10 auth POSTs a minute (sign-in, sign-up, codes, trial registration). */
export const countAuthPost: preHandlerAsyncHookHandler = async function (this, request) {
  throwIfRefused(await request.server.accounts.throttle.countAuthPost(request.ip));
};

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  cookies: Headers | null,
): void {
  if (cookies) forwardSetCookies(request, reply, cookies);
}
