import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_DEVICE_DAYS } from '../guess-limits/known-device.js';
import { CLIENT_IP_HEADER, DONT_REMEMBER_COOKIE, SESSION_COOKIE } from './better-auth.js';

/**
 * The bridge between Fastify and Better Auth's web Request/Response, and where our cookie names
 * live: Better Auth names its cookies "sid" and "sid_dr"; over HTTPS the browser sees them as
 * "__Host-sid" and "__Host-sid_dr" with Secure (docs/security-policy.md#sessions), and only those names are read.
 */
const HOST_PREFIX = '__Host-';
const OUR_COOKIES = new Set([SESSION_COOKIE, DONT_REMEMBER_COOKIE]);
/** Ours alone (known-device.ts): never passed to Better Auth; a sign-out leaves it, but revoked. */
const KNOWN_DEVICE_COOKIE = 'known_device';

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The browser-side name of the session cookie for this request. */
export function sessionCookieName(request: FastifyRequest): string {
  return isHttps(request) ? `${HOST_PREFIX}${SESSION_COOKIE}` : SESSION_COOKIE;
}

export function hasSessionCookie(request: FastifyRequest): boolean {
  const name = sessionCookieName(request);
  return parseCookieHeader(request.headers.cookie).some(([key]) => key === name);
}

export function hasBearerToken(request: FastifyRequest): boolean {
  return /^bearer\s+\S/i.test(request.headers.authorization ?? '');
}

/** Request headers as Better Auth should see them: our cookie names unwrapped, the client IP ours. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'cookie' || key === CLIENT_IP_HEADER) continue;
    if (key === 'content-length' || key === 'transfer-encoding') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const https = isHttps(request);
  const cookies = parseCookieHeader(request.headers.cookie).flatMap(([key, value]) => {
    if (https && key.startsWith(HOST_PREFIX) && OUR_COOKIES.has(key.slice(HOST_PREFIX.length))) {
      return [`${key.slice(HOST_PREFIX.length)}=${value}`];
    }
    // Over HTTPS a plain "sid" could have been planted over HTTP: never read it there.
    if (OUR_COOKIES.has(key)) return https ? [] : [`${key}=${value}`];
    return [];
  });
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies Better Auth's Set-Cookie headers to the reply, renamed and Secure over HTTPS. */
export function forwardSetCookies(request: FastifyRequest, reply: FastifyReply, headers: Headers): void {
  const https = isHttps(request);
  for (const cookie of headers.getSetCookie()) {
    const name = cookie.slice(0, cookie.indexOf('='));
    if (!OUR_COOKIES.has(name)) continue;
    reply.header('set-cookie', https ? `${HOST_PREFIX}${cookie}; Secure` : cookie);
  }
}

/** The known-device token the browser sent, under this request's name for it. */
export function knownDeviceCookieOf(request: FastifyRequest): string | null {
  const name = isHttps(request) ? `${HOST_PREFIX}${KNOWN_DEVICE_COOKIE}` : KNOWN_DEVICE_COOKIE;
  return parseCookieHeader(request.headers.cookie).find(([key]) => key === name)?.[1] ?? null;
}

export function setKnownDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | null,
): void {
  if (!token) return;
  const [prefix, secure] = isHttps(request) ? [HOST_PREFIX, '; Secure'] : ['', ''];
  const maxAge = KNOWN_DEVICE_DAYS * 24 * 3600;
  reply.header(
    'set-cookie',
    `${prefix}${KNOWN_DEVICE_COOKIE}=${token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`,
  );
}

/**
 * How a session that replaces this request's should come back (a password set or changed): as a
 * bearer token when the request carried one and no cookie, else as cookies, remembered unless the
 * browser holds the don't-remember cookie.
 */
export function newSessionOptionsOf(request: FastifyRequest): {
  transport: 'cookie' | 'bearer';
  rememberMe: boolean;
} {
  if (hasBearerToken(request) && !hasSessionCookie(request)) return { transport: 'bearer', rememberMe: true };
  const name = isHttps(request) ? `${HOST_PREFIX}${DONT_REMEMBER_COOKIE}` : DONT_REMEMBER_COOKIE;
  const isForgotten = parseCookieHeader(request.headers.cookie).some(([key]) => key === name);
  return { transport: 'cookie', rememberMe: !isForgotten };
}

/** Expires both our session cookies in the browser. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const prefix = isHttps(request) ? HOST_PREFIX : '';
  const secure = isHttps(request) ? '; Secure' : '';
  for (const name of OUR_COOKIES) {
    reply.header('set-cookie', `${prefix}${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`);
  }
}

function parseCookieHeader(header: string | undefined): [string, string][] {
  if (!header) return [];
  return header.split(';').flatMap((part) => {
    const index = part.indexOf('=');
    if (index <= 0) return [];
    return [[part.slice(0, index).trim(), part.slice(index + 1).trim()] as [string, string]];
  });
}
