import createClient from 'openapi-fetch';
import { API_BASE, ApiError, readAnswer, send } from './client';
import type { paths } from './schema';

/** Where the API is, without its /api (empty on the web: the same origin). */
const API_ROOT = API_BASE.replace(/\/api$/, '');
// openapi-fetch builds Requests, which need an absolute address; the call itself goes to API_ROOT.
const BASE_URL = new URL(API_ROOT || '/', globalThis.location?.href).href.replace(/\/$/, '');

/**
 * The API typed from the server's OpenAPI document: schema.d.ts is written from it by the server's
 * plugins/openapi.test.ts, so a path, a parameter or a field that drifts fails the type check.
 * Failures reach the caller as ApiError, as with apiGet.
 */
export const api = createClient<paths>({
  baseUrl: BASE_URL,
  fetch: async (request) => {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const response = await send(`${API_ROOT}${request.url.slice(BASE_URL.length)}`, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: hasBody ? await request.text() : undefined,
      signal: request.signal,
    });
    // Throws ApiError for a failure; keeps the apps' session token of a sign-in.
    await readAnswer(response.clone());
    return response;
  },
});

/** The body of a call that succeeded (a failure was thrown as ApiError). */
export async function dataOf<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) throw new ApiError(response.status, 'unknown', 'The answer had no body.');
  return data;
}
