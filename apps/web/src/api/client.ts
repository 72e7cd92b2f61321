import type { ErrorResponse } from '@tagscout/core/api';
import { getDeviceId } from '../features/account/device-id';
import { detectPlatform } from '../shell/platform';

/**
 * A failed API call, carrying the server's code and message. Screens show it through errorText
 * (api/error-text.ts), by its code, never the message itself (English, and for bad input a schema path).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** How long the server asked to wait (Retry-After), for "Try again in 8 minutes". */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** A request that failed without an answer from the server (offline, refused, timed out). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

const platform = detectPlatform();

/**
 * Where the API is: the same origin on the web; a full address for the bundled iOS/Android apps, set at
 * build time with VITE_API_BASE_URL (e.g. `VITE_API_BASE_URL=https://tagscout.example npm run mobile:sync`).
 */
export const API_BASE = `${(import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '')}/api`;

/**
 * Who is calling: platform, device id (per-device trials and limits), the language the app shows (the
 * server writes email in it) and, in the apps, the session token. Every call to our API carries them
 * (the device's crowd-cache posts too).
 */
export function identityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'x-platform': platform,
    'x-device-id': getDeviceId(),
    'accept-language': document.documentElement.lang || 'en',
  };
  const token = usesBearer ? localStorage.getItem(TOKEN_KEY) : null;
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** The apps keep their session as a bearer token (the web has its cookie). */
export const usesBearer = platform !== 'web';
const TOKEN_KEY = 'authToken';

export function forgetSessionToken(): void {
  if (usesBearer) localStorage.removeItem(TOKEN_KEY);
}

/** fetch with who is calling; no answer at all becomes ApiError status 0. */
export async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, {
      credentials: 'same-origin',
      ...init,
      headers: { ...identityHeaders(), ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'network', 'Could not reach Tagscout. Check your connection and try again.');
  }
}

/** The answer's JSON body, or its error as ApiError. */
export async function readAnswer(response: Response): Promise<unknown> {
  const body = (await response.json().catch(() => null)) as
    | (Partial<ErrorResponse> & { token?: unknown })
    | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'unknown',
      body?.error?.message ?? `Request failed (${response.status})`,
      readRetryAfter(response.headers.get('retry-after'), body?.error?.message),
    );
  }
  // Sign-in answers carry the apps' session token; keep it for the next calls.
  if (usesBearer && typeof body?.token === 'string') localStorage.setItem(TOKEN_KEY, body.token);
  return body;
}

/** Seconds from Retry-After (seconds or an HTTP date), else from the message's "in 473 seconds". */
export function readRetryAfter(header: string | null, message: string | undefined): number | null {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, (date - Date.now()) / 1000);
  }
  const match = message?.match(/in (\d+) (second|minute|hour)s?\b/);
  if (!match) return null;
  return Number(match[1]) * ({ second: 1, minute: 60, hour: 3600 } as const)[match[2] as 'second'];
}
