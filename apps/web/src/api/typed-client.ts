import createClient, { type MaybeOptionalInit } from 'openapi-fetch';
import { API_BASE, ApiError, readAnswer, send } from './client';
import type { paths } from './schema';

/** Where the API is, without its /api (empty on the web: the same origin). */
const API_ROOT = API_BASE.replace(/\/api$/, '');
// openapi-fetch builds Requests, which need an absolute address; the call itself goes to API_ROOT.
const BASE_URL = new URL(API_ROOT || '/', globalThis.location?.href).href.replace(/\/$/, '');

/**
 * The API typed from the server's OpenAPI document: schema.d.ts is written from it by the server's
 * plugins/openapi.test.ts, so a path, a parameter or a field that drifts fails the type check.
 * Every call to /api goes through it. Failures reach the caller as ApiError (api/error-text.ts shows
 * them by code, with the wait of a Retry-After); client.ts's send adds who is calling (platform,
 * device id, the apps' bearer token) and turns no answer at all into ApiError status 0.
 */
const client = createClient<paths>({
  baseUrl: BASE_URL,
  fetch: async (request) => {
    const response = await send(`${API_ROOT}${request.url.slice(BASE_URL.length)}`, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      // Safari's Request has no `body` to test; an empty text is no body.
      body: (await request.text()) || undefined,
      signal: request.signal,
    });
    // Throws ApiError for a failure; keeps the apps' session token of a sign-in.
    await readAnswer(response.clone());
    return response;
  },
});

type Method = 'get' | 'post' | 'put' | 'delete';
type PathsWith<M extends Method> = {
  [Path in keyof paths]: paths[Path] extends Record<M, object> ? Path : never;
}[keyof paths];
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitParam<Init> = RequiredKeys<Init> extends never ? [Init?] : [Init];
type DocumentMethod<M extends Method> = <
  Path extends PathsWith<M>,
  Init extends MaybeOptionalInit<paths[Path], M>,
>(
  path: Path,
  ...init: InitParam<Init>
) => Promise<{ data?: Answer<Path, M>; response: Response }>;

/**
 * openapi-fetch's own answer types pass through its Readable, which reads every array element by
 * element and so turns the document's tuples ([min, max] ranges) into plain arrays. The calls are
 * openapi-fetch's; their answers are typed as the document states them.
 */
export const api = client as unknown as {
  GET: DocumentMethod<'get'>;
  POST: DocumentMethod<'post'>;
  PUT: DocumentMethod<'put'>;
  DELETE: DocumentMethod<'delete'>;
};

/** The body of a call that succeeded (a failure was thrown as ApiError). */
export async function dataOf<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) throw new ApiError(response.status, 'unknown', 'The answer had no body.');
  return data;
}

/** Waits for a call whose answer has no body worth reading (204, or an acknowledgement). */
export async function done(call: Promise<unknown>): Promise<void> {
  await call;
}

type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body `path` answers `method` with when it succeeds (200 or 201), as the document says. */
export type Answer<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  responses: infer Responses;
}
  ? JsonBody<Responses[200 & keyof Responses] | Responses[201 & keyof Responses]>
  : never;

/** The JSON body `method` on `path` takes, as the document says. */
export type Body<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  requestBody?: { content: { 'application/json': infer Sent } };
}
  ? Sent
  : never;
