import { ErrorCode } from '@tagscout/core/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientOf } from '../client-address.js';
import { isApiPath } from './api-path.js';
import { errorBody } from './errors.js';
import { TurnScheduler } from './turn-scheduler.js';

export interface LoadSheddingOptions {
  /** Shed while the event loop is this many ms behind (requests then wait at least that long). */
  maxLagMs: number;
  /** Requests answered at once; more wait for their turn (per client, in rotation). */
  maxInFlight: number;
  /** Of those, the most one client may have (so slow requests of one client never fill them all). */
  maxInFlightPerClient: number;
  /** Seconds a shed client is asked to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Request work per event-loop turn, twice over (arrivals, then waiting ones); see turn-scheduler.ts. */
  turnBudgetMs: number;
  /** A request that waited longer than this for its turn is shed. */
  maxWaitMs: number;
  /**
   * The clock of every timing above, ms (performance.now by default). Tests of a whole server on a
   * busy machine pass the server's own time (test/server-time.ts), so the machine's other work does
   * not decide what the server does.
   */
  now?: () => number;
}

export const LOAD_SHEDDING_DEFAULTS: LoadSheddingOptions = {
  maxLagMs: 300,
  maxInFlight: 16,
  maxInFlightPerClient: 8,
  retryAfterSeconds: 2,
  turnBudgetMs: 2,
  maxWaitMs: 1000,
};

/** What the per-address rate limit says of a shed request, once it is counted there. */
export interface RefusalCount {
  /** Over the limit (absent for a client the limit allows without counting). */
  isExceeded?: boolean;
  ttlInSeconds?: number;
}

export interface LoadSheddingHooks {
  /** Counts a shed request toward its client's rate limit (a client that floods is told 429, not 503). */
  countRefusal?: (request: FastifyRequest) => Promise<RefusalCount>;
}

/** How often the lag clock ticks: a request sees the loop as late once a tick is this much overdue. */
const TICK_MS = 10;

/**
 * The routes never shed (POST only): refusing them locks people out or loses what they sent, and
 * each has a per-client rate limit of its own that stops a flood of them.
 */
const NEVER_SHED = new Set([
  '/api/account/sign-up',
  '/api/account/verify-email',
  '/api/account/resend-code',
  '/api/account/sign-in',
  '/api/account/forgot-password',
  '/api/account/reset-password',
  '/api/account/sign-out',
  '/api/auth/revoke-session',
  '/api/auth/revoke-other-sessions',
  '/api/trial/trialRegister',
  '/api/trial/verifyAccount',
  '/api/cache/autocomplete',
  '/api/cache/recommend',
]);

/**
 * Load shedding that answers fast and fairly. Under overload a server that queues answers every
 * request late (seconds, then client timeouts); this one answers what it can at once and the rest
 * with a cheap 503 and Retry-After, so every client hears back soon
 * (docs/security-policy.md#load-shedding):
 * - each loop turn runs a bounded amount of request work (turn-scheduler.ts), so new connections
 *   keep being accepted;
 * - at most maxInFlight API requests are answered at once (maxInFlightPerClient of one client), so
 *   one that starts is answered soon; the others wait for their turn per client (the address, its
 *   /64 for IPv6), clients in rotation, so a client with hundreds of connections cannot starve one
 *   with a single connection;
 * - a request is shed when it waited over maxWaitMs, or when the event loop is late (a tick
 *   overdue: e.g. a disk read held it) as the request is read or as its turn comes: one read late
 *   has already waited that long unread, whether or not this turn's budget lets it start at once;
 * - shed requests count toward the client's rate limit (a flood is then told 429), and are reported
 *   in one warn line per second, never one by one.
 * The app's files (anything outside /api) and the NEVER_SHED routes are never shed; those routes
 * wait for their turn, ahead of the rest, without taking a place.
 */
export function registerLoadShedding(
  app: FastifyInstance,
  options: LoadSheddingOptions = LOAD_SHEDDING_DEFAULTS,
  hooks: LoadSheddingHooks = {},
): void {
  const now = options.now ?? (() => performance.now());
  let shed = 0;
  let inFlight = 0;
  let lastTick = now();
  /** Whether the event loop is late: the lag clock's tick is over maxLagMs overdue. */
  const isLate = () => now() - lastTick - TICK_MS > options.maxLagMs;
  /** Requests being answered, per client (clientOf). */
  const inFlightOf = new Map<string, number>();
  const hasRoom = (client: string) =>
    inFlight < options.maxInFlight && (inFlightOf.get(client) ?? 0) < options.maxInFlightPerClient;
  const scheduler = new TurnScheduler({ ...options, hasRoom, now });
  const tick = setInterval(() => {
    lastTick = now();
    scheduler.shedLate();
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

  /** Answers a shed request: 503, or 429 once its client is over its rate limit. */
  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    shed++;
    const refused = (count: RefusalCount | undefined) => {
      if (reply.sent || request.raw.socket?.destroyed) return;
      if (count?.isExceeded) {
        const after = count.ttlInSeconds ?? 60;
        reply.status(429).header('retry-after', String(after));
        return reply.send(
          errorBody(ErrorCode.rateLimited, `Too many requests. Try again in ${after} seconds.`),
        );
      }
      reply.status(503).header('retry-after', String(options.retryAfterSeconds));
      reply.send(errorBody(ErrorCode.unavailable, 'The service is busy. Try again in a few seconds.'));
    };
    if (!hooks.countRefusal) return refused(undefined);
    hooks.countRefusal(request).then(refused, () => refused(undefined));
  };

  const run = (request: FastifyRequest, reply: FastifyReply, done: () => void, client: string) => {
    // The client hung up while the request waited for its turn: no one is left to answer.
    if (request.raw.socket?.destroyed) return;
    if (isLate()) return refuse(request, reply);
    inFlight++;
    inFlightOf.set(client, (inFlightOf.get(client) ?? 0) + 1);
    // 'close' comes after the answer is sent and when the client hangs up first, whatever stage the
    // request was in (Fastify's onResponse misses a request whose body was read before the hang-up).
    reply.raw.once('close', () => {
      inFlight--;
      const left = inFlightOf.get(client)! - 1;
      if (left === 0) inFlightOf.delete(client);
      else inFlightOf.set(client, left);
      scheduler.roomFreed();
    });
    done();
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url)) return done();
    if (isNeverShed(request)) {
      if (scheduler.startsNow()) return done();
      return scheduler.wait({ start: () => !request.raw.socket?.destroyed && done() });
    }
    // Read while the loop is late: shed now, not once its turn comes (the loop may have caught up by
    // then, and the request would be answered as if it had not waited unread all that time).
    if (isLate()) return refuse(request, reply);
    const client = clientOf(request.ip);
    if (scheduler.startsNow() && hasRoom(client)) return run(request, reply, done, client);
    scheduler.wait({
      client,
      start: () => run(request, reply, done, client),
      late: () => {
        if (!request.raw.socket?.destroyed) refuse(request, reply);
      },
    });
  });
}

function isNeverShed(request: FastifyRequest): boolean {
  return request.method === 'POST' && NEVER_SHED.has(request.url.split('?', 1)[0]!);
}
