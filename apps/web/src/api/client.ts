import type { ErrorResponse } from '@tagscout/core/api';
import { getDeviceId } from '../features/account/device-id';
import { detectPlatform } from '../shell/platform';

/** A failed API call, carrying the server's code and user-readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function apiGet<T>(path: string, init: RequestInit = {}): Promise<T> {
  return request<T>(path, { ...init, method: 'GET' });
}

export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return request<T>(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const platform = detectPlatform();

/**
 * Where the API is: the same origin on the web; a full address for the bundled iOS/Android apps, set at
 * build time with VITE_API_BASE_URL (e.g. `VITE_API_BASE_URL=https://tagscout.example npm run mobile:sync`).
 */
export const API_BASE = `${(import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '')}/api`;

/**
 * Who is calling: platform, device id (per-device trials and limits) and, in the apps, the session token.
 * Every call to our API carries them (the device's crowd-cache posts too).
 */
export function identityHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'x-platform': platform, 'x-device-id': getDeviceId() };
  const token = platform === 'web' ? null : localStorage.getItem('authToken');
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: { ...identityHeaders(), ...init.headers },
    });
  } catch {
    throw new ApiError(0, 'network', 'Could not reach Tagscout. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as Partial<ErrorResponse> | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'unknown',
      error?.message ?? `Request failed (${response.status})`,
    );
  }
  return body as T;
}
