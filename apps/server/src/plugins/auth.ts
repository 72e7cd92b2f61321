import { type Capabilities, FREE_VISITOR, type Platform, resolveAccess } from '@tagscout/core/access';
import { AccountErrorCode, ErrorCode } from '@tagscout/core/api';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { type AccountsRuntime, createAccountsRuntime } from '../features/accounts/accounts.runtime.js';
import { findAccountState } from '../features/accounts/accounts.service.js';
import type { Viewer } from '../features/accounts/viewer.js';
import {
  authHeaders,
  clearSessionCookies,
  forwardSetCookies,
  hasBearerToken,
  hasSessionCookie,
} from '../features/sessions/auth.http.js';
import { RateLimitError } from '../features/sessions/auth-calls.js';
import { SESSION_ABSOLUTE_MS } from '../features/sessions/better-auth.js';
import { registerBetterAuthRoutes } from '../features/sessions/sessions.routes.js';
import { revokeSession } from '../features/sessions/sessions.service.js';
import { documentedGuard } from '../route-guards.js';
import { isApiPath } from './api-path.js';
import { AppError } from './errors.js';

export type { Viewer } from '../features/accounts/viewer.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsRuntime;
    /** Every /api route registered after the auth plugin (method and URL pattern), for the access matrix. */
    apiRoutes: { method: string; url: string }[];
  }
  interface FastifyRequest {
    viewer: Viewer;
    /** The Better Auth session behind the viewer, if any (for sign-out). */
    authSessionId: string | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PLATFORMS = new Set<Platform>(['web', 'ios', 'android']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Authentication for every /api route (decision 007): Better Auth's runtime, a CSRF check on
 * state-changing requests, and request.viewer with the capabilities of packages/core/access.
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const runtime = await createAccountsRuntime(app);
  app.decorate('accounts', runtime);
  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
    }
  });
  app.decorateRequest('viewer', null as unknown as Viewer);
  app.decorateRequest('authSessionId', null);
  app.addHook('onClose', async () => runtime.close());
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.addHook('onRequest', async (request, reply) => {
    request.viewer = visitorViewer(request);
    if (!isApiPath(request.url)) return;
    if (!SAFE_METHODS.has(request.method) && !isSameOriginRequest(runtime, request)) {
      throw new AppError(403, AccountErrorCode.csrf, 'This request came from another site and was refused.');
    }
    await resolveSignedInViewer(runtime, request, reply);
  });

  await app.register(registerBetterAuthRoutes, { prefix: '/api/auth' });
}

// ---- Guards (preHandlers) ----

/** A session is required: a signed-in user or an anonymous trial. */
export const requireSignedIn: preHandlerAsyncHookHandler = documentedGuard(
  async (request) => {
    if (!request.viewer.userId) throw unauthorized();
  },
  { statuses: [401], needsSession: true },
);

/** The viewer's capabilities must grant `name` (truthy); signed-out visitors get 401, others 403. */
export function requireCapability(name: keyof Capabilities): preHandlerAsyncHookHandler {
  return documentedGuard<preHandlerAsyncHookHandler>(
    async (request) => {
      if (request.viewer.capabilities[name]) return;
      if (!request.viewer.userId) throw unauthorized();
      throw new AppError(403, ErrorCode.forbidden, 'Your plan does not include this. Upgrade to use it.');
    },
    { statuses: [401, 403], needsSession: true },
  );
}

export const requireAdmin: preHandlerAsyncHookHandler = documentedGuard(
  async (request) => {
    if (!request.viewer.userId) throw unauthorized();
    if (!request.viewer.isAdmin)
      throw new AppError(403, ErrorCode.forbidden, 'Only administrators may do this.');
  },
  { statuses: [401, 403], needsSession: true },
);

/**
 * Puts `guard` first among the onRequest hooks of every route registered after it in this plugin,
 * where the OpenAPI document sees it (a plugin-wide hook would guard them as well, unseen).
 */
export function guardEveryRoute(app: FastifyInstance, guard: onRequestAsyncHookHandler): void {
  app.addHook('onRoute', (route) => {
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

function unauthorized(): AppError {
  return new AppError(401, ErrorCode.unauthorized, 'Sign in to do this.');
}

// ---- Viewer resolution ----

export function platformOf(request: FastifyRequest): Platform {
  const header = request.headers['x-platform'];
  return typeof header === 'string' && PLATFORMS.has(header as Platform) ? (header as Platform) : 'web';
}

function headerDeviceId(request: FastifyRequest): string | null {
  const header = request.headers['x-device-id'];
  return typeof header === 'string' && UUID.test(header) ? header.toLowerCase() : null;
}

/** A visitor without a session: free and unregistered. */
export function visitorViewer(request: FastifyRequest): Viewer {
  const account = { ...FREE_VISITOR, platform: platformOf(request) };
  return {
    userId: null,
    deviceId: headerDeviceId(request),
    email: null,
    account,
    capabilities: resolveAccess(account),
    isAdmin: false,
  };
}

/** Reads the session (cookie or bearer) through Better Auth, then enforces our absolute lifetime. */
async function resolveSignedInViewer(runtime: AccountsRuntime, request: FastifyRequest, reply: FastifyReply) {
  if (!hasSessionCookie(request) && !hasBearerToken(request)) return;
  const { headers, response } = await runtime.auth.api.getSession({
    headers: authHeaders(request),
    returnHeaders: true,
  });
  forwardSetCookies(request, reply, headers);
  if (!response) {
    if (hasSessionCookie(request)) clearSessionCookies(request, reply);
    return;
  }
  const { session, user } = response;
  const now = runtime.now();
  const isPastAbsolute = now - new Date(session.createdAt).getTime() >= SESSION_ABSOLUTE_MS;
  const isPastIdle = new Date(session.expiresAt).getTime() <= now;
  if (isPastAbsolute || isPastIdle || user.banned) {
    await revokeSession(runtime.database, user.id, session.id);
    clearSessionCookies(request, reply);
    return;
  }
  const isAnonymous = user.isAnonymous === true;
  const { deviceId, account } = await findAccountState(runtime.database, user.id, {
    now,
    platform: platformOf(request),
    isSignedIn: !isAnonymous,
    adminBillingMarker: runtime.config.ADMIN_BILLING_MARKER,
  });
  const capabilities = resolveAccess(account);
  request.authSessionId = session.id;
  request.viewer = {
    userId: user.id,
    deviceId: deviceId ?? headerDeviceId(request),
    email: isAnonymous ? null : user.email,
    account,
    capabilities,
    isAdmin: capabilities.group === 'admin',
  };
}

/**
 * CSRF (docs/security-policy.md#http-hardening): a state-changing request must come from our own origin or a trusted one
 * (the apps' capacitor://localhost). Without Origin, Sec-Fetch-Site decides; without either, only
 * a request that carries no session cookie (an app with a bearer token, a script) may pass.
 */
function isSameOriginRequest(runtime: AccountsRuntime, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    return origin === `${request.protocol}://${request.host}` || runtime.trustedOrigins.has(origin);
  }
  if (origin === 'null') return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  return !hasSessionCookie(request);
}
