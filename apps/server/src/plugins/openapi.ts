import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { SESSION_COOKIE } from '../features/sessions/better-auth.js';
import { guardAnswersOf, SESSION_REQUIRED } from '../route-guards.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

const ERROR_RESPONSE = { $ref: '#/components/schemas/ErrorResponse' };
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why each error status may be answered, as the document's response descriptions. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request does not match its schema, or a value is wrong',
  401: 'No session: sign in (or start a trial) first',
  403: 'Refused: the plan, the role, a daily limit or a request from another site',
  404: 'Not found',
  409: 'Conflict with the current state',
  429: 'Too many requests from this client; see Retry-After',
  500: 'Something went wrong on our side',
  503: 'The server is busy (load shedding) or a provider is unreachable; try again shortly',
};

/**
 * OpenAPI 3.1 generated from the zod schemas of packages/core/src/api, served at /api/docs.
 * Beyond each route's own schema it states what the plugins around the route answer: its guards'
 * 401/403 and security (route-guards.ts), the CSRF 403 of state-changing calls, the rate limit's
 * 429, load shedding's 503, the schema check's 400, and Location on redirects.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Tagscout API', version: config.version },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: `The web app's session cookie (__Host-${SESSION_COOKIE} over HTTPS)`,
          },
          bearerToken: { type: 'http', scheme: 'bearer', description: "The apps' session token" },
        },
      },
    },
    transform: (input) => describeWhatPluginsAnswer(input, jsonSchemaTransform(input), config),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

function describeWhatPluginsAnswer(
  input: TransformInput,
  output: ReturnType<typeof jsonSchemaTransform>,
  config: Config,
): ReturnType<typeof jsonSchemaTransform> {
  const schema = output.schema as JsonSchema | undefined;
  const { route } = input;
  // The local billing provider's pages stand in for Stripe's in development; they are no API.
  if (!route.url.startsWith('/api/')) return { ...output, schema: { hide: true } };
  if (!schema || schema.hide) return output;
  const methods = [route.method].flat();
  const guards = [route.onRequest, route.preHandler]
    .flat()
    .map(guardAnswersOf)
    .filter((answers) => answers !== undefined);

  const statuses = new Set<number>(guards.flatMap((answers) => answers.statuses));
  if (schema.querystring || schema.body || schema.params) statuses.add(400);
  if (route.url.startsWith('/api') && methods.some((method) => UNSAFE_METHODS.has(method))) statuses.add(403);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) statuses.add(429);
  if (config.LOAD_SHEDDING) statuses.add(503);
  statuses.add(500);

  // A route without a schema for its answer (Better Auth's own) answers 200 with any body.
  const response: Record<string, JsonSchema> = {
    ...((schema.response as Record<string, JsonSchema>) ?? { 200: {} }),
  };
  for (const status of statuses) response[status] ??= { ...ERROR_RESPONSE };
  for (const [status, answer] of Object.entries(response)) {
    if (status.startsWith('3')) {
      response[status] = {
        type: 'null',
        description: 'Redirect',
        headers: { Location: { type: 'string', description: 'Where to go next' } },
      };
    } else if (answer.$ref === ERROR_RESPONSE.$ref && ERROR_DESCRIPTIONS[Number(status)]) {
      response[status] = { ...answer, description: ERROR_DESCRIPTIONS[Number(status)] };
    }
  }

  const needsSession = guards.some((answers) => answers.needsSession) || schema.security !== undefined;
  return {
    ...output,
    schema: {
      ...schema,
      response,
      security: needsSession
        ? ((schema.security as Record<string, string[]>[] | undefined) ?? SESSION_REQUIRED)
        : [],
    },
  };
}
