import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, vi } from 'vitest';
import documentText from './openapi.json?raw';

/**
 * The web tests' fake servers answer through here, so every faked answer is checked against the
 * server's OpenAPI document (openapi.json, written by the server's plugins/openapi.test.ts): the route
 * must be one the server has, the status one it documents for that route, the JSON body one its schema
 * accepts, and a JSON request body the web sends one the route takes. A fake that drifts from the
 * server fails the test that uses it.
 *
 * A broken answer is not thrown inside the fake (the client would read a throw as a network failure
 * and the screen might still pass); each one is recorded and fails the test after it ends.
 */

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const DOCUMENT_ID = 'https://tagscout.test/openapi.json';
const document = JSON.parse(documentText) as Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

/** The document's paths as patterns, fixed ones first (/api/quarries/usage before /api/quarries/{quarryId}). */
const ROUTES = Object.keys(document.paths)
  .map((path) => ({
    path,
    pattern: new RegExp(`^${path.replaceAll('.', '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
    parameters: path.match(/\{/g)?.length ?? 0,
  }))
  .sort((a, b) => a.parameters - b.parameters);

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

const broken: string[] = [];

afterEach(() => {
  const found = broken.splice(0);
  if (found.length > 0) {
    throw new Error(`A fake answered other than the server's OpenAPI document says:\n${found.join('\n')}`);
  }
});

export interface FakeCall {
  method?: string;
  url: string;
  /** The request body as fetch got it (JSON text). */
  body?: BodyInit | null;
}

/**
 * The problems of a faked answer to `call` (none: an empty list): `status` and `body` as a fake server
 * gives them, `body` undefined for an answer without one.
 */
export function contractProblems(call: FakeCall, status: number, body: unknown): string[] {
  const method = (call.method ?? 'GET').toLowerCase();
  const pathname = new URL(call.url, 'http://app.test').pathname;
  const route = ROUTES.find(({ path, pattern }) => pattern.test(pathname) && document.paths[path]?.[method]);
  const name = `${method.toUpperCase()} ${pathname}`;
  if (!route) return [`${name}: the server has no such route`];
  const operation = document.paths[route.path]?.[method] as Operation;
  const problems: string[] = [];

  if (typeof call.body === 'string' && operation.requestBody?.content?.['application/json']) {
    const problem = schemaProblem(
      ['paths', route.path, method, 'requestBody', 'content', 'application/json', 'schema'],
      JSON.parse(call.body),
    );
    if (problem) problems.push(`${name} sent a body the route does not take: ${problem}`);
  }

  const documented = operation.responses[String(status)];
  if (!documented) return [...problems, `${name}: ${status} is not an answer the server documents`];
  if (!documented.content?.['application/json']) {
    if (body !== undefined) problems.push(`${name} ${status}: the server answers it without a body`);
    return problems;
  }
  const problem = schemaProblem(
    ['paths', route.path, method, 'responses', String(status), 'content', 'application/json', 'schema'],
    body,
  );
  if (problem) problems.push(`${name} ${status}: ${problem}\n  ${JSON.stringify(body).slice(0, 300)}`);
  return problems;
}

function schemaProblem(path: string[], value: unknown): string | null {
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/${pointer(...path)}`);
  if (!validate) return `the document has no schema at ${path.join(' ')}`;
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

/**
 * A fake server's answer to `call`, as a JSON Response; checked against the document, the test fails
 * after it ends when the answer is not one the server could give.
 */
export function contractAnswer(
  call: FakeCall,
  body: unknown,
  init: { status?: number; headers?: HeadersInit } = {},
): Response {
  const status = init.status ?? 200;
  broken.push(...contractProblems(call, status, body));
  if (body === undefined) return new Response(null, { status, headers: init.headers });
  return Response.json(body, { status, headers: init.headers });
}

/**
 * What a fake does with a call it does not serve: the test fails after it ends, naming the call
 * (meanwhile the app sees what an unreachable server gives, a network failure).
 */
export function notServed(call: FakeCall): never {
  const name = `${(call.method ?? 'GET').toUpperCase()} ${call.url}`;
  broken.push(`${name}: the test's fake does not serve it`);
  throw new TypeError(`Failed to fetch (${name} is not served by the fake)`);
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: HeadersInit;
}

/** A call a fake server got: its method, address (with the query) and JSON body. */
export interface ServedCall {
  method: string;
  url: string;
  body: unknown;
}

type FakeRoute = FakeAnswer | ((call: ServedCall) => FakeAnswer);

/**
 * Stubs fetch with a fake server that answers `routes`, keyed by method and path as the document
 * writes it, without the query ('GET /api/appdata', 'GET /api/info/hashtag/{names}'), each answer
 * checked against the document; a call no route serves fails the test. Answers the calls it got, in
 * order (vi.unstubAllGlobals() after each test removes it).
 */
export function serveFakeApi(routes: Record<string, FakeRoute>): ServedCall[] {
  const calls: ServedCall[] = [];
  const patterns = Object.entries(routes).map(([key, route]) => ({
    pattern: new RegExp(`^${key.replaceAll('.', '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
    route,
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      const call = { method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      const name = `${method} ${new URL(url, 'http://app.test').pathname}`;
      const route = patterns.find(({ pattern }) => pattern.test(name))?.route;
      if (!route) notServed({ url, ...init });
      const answer = typeof route === 'function' ? route(call) : route;
      return contractAnswer({ url, ...init }, answer.body, answer);
    }),
  );
  return calls;
}
