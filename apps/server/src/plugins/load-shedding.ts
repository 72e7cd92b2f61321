import underPressure from '@fastify/under-pressure';
import { ErrorCode } from '@tagscout/core/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';

export interface LoadSheddingOptions {
  /** Shed while the event loop is this many ms behind (requests then wait at least that long). */
  maxLagMs: number;
  /** Shed while this many requests are being answered at once (waiting on the database pool). */
  maxInFlight: number;
  /** Seconds a shed client is asked to wait (Retry-After). */
  retryAfterSeconds: number;
}

export const LOAD_SHEDDING_DEFAULTS: LoadSheddingOptions = {
  maxLagMs: 300,
  maxInFlight: 256,
  retryAfterSeconds: 2,
};

/** How often the lag clock ticks: a request sees the loop as late once a tick is this much overdue. */
const TICK_MS = 10;

/**
 * Load shedding that answers fast. Under overload a server that queues answers every request late
 * (seconds, then client timeouts); this one answers what it can at once and the rest with a cheap
 * 503 and Retry-After, so every client hears back within a fraction of a second. A request is shed
 * when the event loop is late (a tick overdue: the loop is working through a backlog of requests,
 * e.g. SQLite work on a full core), when too many requests wait at once (PostgreSQL's pool is
 * full), or when under-pressure sees the loop saturated over its sampling window
 * (docs/security-policy.md#load-shedding). Shed requests are counted and reported in one warn line per second, never one by one.
 * Crowd-cache ingest (`/api/cache/`, rate-limited on its own) and sign-in traffic (`/api/auth/`)
 * are never shed: refusing them loses data or locks people out, and each is cheap to retry late.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  options: LoadSheddingOptions = LOAD_SHEDDING_DEFAULTS,
): Promise<void> {
  let shed = 0;
  let inFlight = 0;
  let lastTick = performance.now();
  const tick = setInterval(() => {
    lastTick = performance.now();
  }, TICK_MS);
  tick.unref();
  const report = setInterval(() => {
    if (shed === 0) return;
    app.log.warn({ shed, inFlight }, `load shedding: answered ${shed} requests 503 in the last second`);
    shed = 0;
  }, 1000);
  report.unref();
  app.addHook('onClose', async () => {
    clearInterval(tick);
    clearInterval(report);
  });

  /** Makes the reply a counted 503 and returns its body. */
  const shedding = (reply: FastifyReply) => {
    shed++;
    reply.status(503).header('retry-after', String(options.retryAfterSeconds));
    return errorBody(ErrorCode.unavailable, 'The service is busy. Try again in a few seconds.');
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (isNeverShed(request)) return done();
    const lag = performance.now() - lastTick - TICK_MS;
    if (lag > options.maxLagMs || inFlight >= options.maxInFlight) return reply.send(shedding(reply));
    inFlight++;
    request.countedInFlight = true;
    done();
  });
  const leave = (request: FastifyRequest) => {
    if (!request.countedInFlight) return;
    request.countedInFlight = false;
    inFlight--;
  };
  app.addHook('onResponse', (request, _reply, done) => {
    leave(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    leave(request);
    done();
  });
  app.decorateRequest('countedInFlight', false);

  await app.register(underPressure, {
    maxEventLoopDelay: 1000,
    maxEventLoopUtilization: 0.98,
    retryAfter: options.retryAfterSeconds,
    // Answered like the shedding above, counted, not thrown (a thrown 503 is logged with its stack).
    // Fastify runs nothing more for a request once its reply is sent.
    pressureHandler: (request, reply) => {
      if (!isNeverShed(request)) reply.send(shedding(reply));
    },
  });
}

function isNeverShed(request: FastifyRequest): boolean {
  const { url } = request;
  return url.startsWith('/api/cache/') || url.startsWith('/api/auth/');
}

declare module 'fastify' {
  interface FastifyRequest {
    countedInFlight: boolean;
  }
}
