import { ErrorCode } from '@tagscout/core/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';
import { TurnScheduler } from './turn-scheduler.js';

export interface LoadSheddingOptions {
  /** Shed while the event loop is this many ms behind (requests then wait at least that long). */
  maxLagMs: number;
  /** Shed while this many requests are being answered at once (waiting on the database pool). */
  maxInFlight: number;
  /** Seconds a shed client is asked to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Request work per event-loop turn, twice over (arrivals, then waiting ones); see turn-scheduler.ts. */
  turnBudgetMs: number;
  /** A request that waited longer than this for its turn is shed. */
  maxWaitMs: number;
}

export const LOAD_SHEDDING_DEFAULTS: LoadSheddingOptions = {
  maxLagMs: 300,
  maxInFlight: 256,
  retryAfterSeconds: 2,
  turnBudgetMs: 2,
  maxWaitMs: 1000,
};

/** How often the lag clock ticks: a request sees the loop as late once a tick is this much overdue. */
const TICK_MS = 10;

/**
 * Load shedding that answers fast. Under overload a server that queues answers every request late
 * (seconds, then client timeouts); this one answers what it can at once and the rest with a cheap
 * 503 and Retry-After, so every client hears back within about a second. Each loop turn runs a
 * bounded amount of request work (turn-scheduler.ts), so new connections keep being accepted; a
 * request is shed when it waited for its turn longer than maxWaitMs, when the event loop is late
 * (a tick overdue: e.g. a disk read held it), or when too many requests wait at once (PostgreSQL's
 * pool is full) (docs/security-policy.md#load-shedding). A busy loop alone sheds nothing: what can
 * be answered within maxWaitMs is answered. Shed requests are counted and reported in one warn line
 * per second, never one by one.
 * Crowd-cache ingest (`/api/cache/`, rate-limited on its own) and sign-in traffic (`/api/auth/`)
 * wait for their turn like the rest but are never shed: refusing them loses data or locks people
 * out, and each is cheap to retry late.
 */
export function registerLoadShedding(
  app: FastifyInstance,
  options: LoadSheddingOptions = LOAD_SHEDDING_DEFAULTS,
): void {
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

  const scheduler = new TurnScheduler(options);
  const run = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // The client hung up while the request waited for its turn: no one is left to answer.
    if (request.raw.socket?.destroyed) return;
    if (isNeverShed(request)) return done();
    const lag = performance.now() - lastTick - TICK_MS;
    if (lag > options.maxLagMs || inFlight >= options.maxInFlight) return reply.send(shedding(reply));
    inFlight++;
    // 'close' comes after the answer is sent and when the client hangs up first, whatever stage the
    // request was in (Fastify's onResponse misses a request whose body was read before the hang-up).
    reply.raw.once('close', () => inFlight--);
    done();
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (scheduler.startsNow()) return run(request, reply, done);
    const start = () => run(request, reply, done);
    if (isNeverShed(request)) return scheduler.wait({ start });
    scheduler.wait({
      start,
      late: () => {
        if (!request.raw.socket?.destroyed) reply.send(shedding(reply));
      },
    });
  });
}

function isNeverShed(request: FastifyRequest): boolean {
  const { url } = request;
  return url.startsWith('/api/cache/') || url.startsWith('/api/auth/');
}
