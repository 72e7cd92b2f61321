import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@tagscout/core/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { isApiPath } from './api-path.js';
import { AppError, errorBody } from './errors.js';
import { LOAD_SHEDDING_DEFAULTS, registerLoadShedding } from './load-shedding.js';

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // MUI (emotion) injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  hsts: { maxAge: 31_536_000, includeSubDomains: true },
};

/**
 * What an API answer (JSON, read by our own client) needs of those: no sniffing it into HTML, no
 * loading or framing anything should a browser ever render it, no cross-origin embedding, and HSTS.
 */
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

/**
 * Security headers (helmet's full set on the web app's pages and files, a small fixed set on API
 * answers), a global per-client rate limit and load shedding.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Helmet's headers never vary per request here, so they are worked out once, not per request.
  const pageHeaders = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? API_HEADERS : pageHeaders);
    done();
  });
  // With several server processes (WEB_CONCURRENCY), Redis keeps one count per client for all of
  // them; without it each process counts alone (cluster.ts divides the limits among them).
  // ioredis is loaded only where Redis is configured (issue 30: a server without it starts sooner).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit: Redis unreachable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  // A client that hung up before its request was read has no address left; the rate limiter would
  // throw on it (a 500 in the log), so the request ends here, quietly.
  app.addHook('onRequest', async (request, reply) => {
    if (request.ip === undefined)
      return reply.status(400).send(errorBody(ErrorCode.invalidRequest, 'Closed.'));
  });
  await app.register(rateLimit, {
    global: true,
    ...(redis && {
      redis,
      nameSpace: `${config.JOB_QUEUE_PREFIX}:rate-limit:`,
      // Redis out of reach: serve without a limit rather than refuse everyone.
      skipOnError: true,
    }),
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new AppError(429, ErrorCode.rateLimited, `Too many requests. Try again in ${context.after}.`),
  });
  // Shed requests count toward the same per-client limit as answered ones (rate-limit routes run
  // their hook later, after the shedding's).
  const limiter = app.createRateLimit();
  const countRefusal = async (request: FastifyRequest) => {
    const count = await limiter(request);
    return count.isAllowed ? {} : count;
  };
  if (config.LOAD_SHEDDING) registerLoadShedding(app, LOAD_SHEDDING_DEFAULTS, { countRefusal });
}

/** The headers helmet's middleware sets with HELMET_OPTIONS, captured from one run of it. */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as never, response as never, () => {});
  return headers;
}
