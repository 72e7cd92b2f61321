import { ErrorCode } from '@tagscout/core/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';
import { TurnScheduler } from './turn-scheduler.js';

export interface LoadSheddingOptions {
  /** Shed while the event loop is this many ms behind (requests then wait at least that long). */
  maxLagMs: number;
  /** Requests answered at once; more wait for their turn (per client, in rotation). */
  maxInFlight: number;
  /** Seconds a shed client is asked to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Request work per event-loop turn, twice over (arrivals, then waiting ones); see turn-scheduler.ts. */
  turnBudgetMs: number;
  /** A request that waited longer than this for its turn is shed. */
  maxWaitMs: number;
  /** A request started but not answered this long after it arrived is answered 503 all the same. */
  maxAnswerMs: number;
}

export const LOAD_SHEDDING_DEFAULTS: LoadSheddingOptions = {
  maxLagMs: 300,
  maxInFlight: 16,
  retryAfterSeconds: 2,
  turnBudgetMs: 2,
  maxWaitMs: 750,
  maxAnswerMs: 1000,
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
 * API routes that are never shed: refusing them locks people out or loses what they sent, and each
 * is cheap to answer late. Crowd-cache ingest (`/api/cache/`) has its own rate limit.
 */
const NEVER_SHED_PREFIXES = ['/api/auth/', '/api/cache/'];
const NEVER_SHED_PATHS = new Set([
  '/api/account/sign-up',
  '/api/account/verify-email',
  '/api/account/resend-code',
  '/api/account/sign-in',
  '/api/account/forgot-password',
  '/api/account/reset-password',
  '/api/account/sign-out',
  '/api/trial/trialRegister',
  '/api/trial/verifyAccount',
]);

/**
 * Load shedding that answers fast and fairly. Under overload a server that queues answers every
 * request late (seconds, then client timeouts); this one answers what it can at once and the rest
 * with a cheap 503 and Retry-After, so every client hears back within about 1.5 s
 * (docs/security-policy.md#load-shedding):
 * - each loop turn runs a bounded amount of request work (turn-scheduler.ts), so new connections
 *   keep being accepted;
 * - at most maxInFlight API requests are answered at once, so one that starts is answered soon;
 *   the others wait for their turn per client (the address, its /64 for IPv6), clients in rotation,
 *   so a client with hundreds of connections cannot starve one with a single connection;
 * - a request is shed when it waited over maxWaitMs, when the event loop is late (a tick overdue:
 *   e.g. a disk read held it), or when it is still unanswered maxAnswerMs after it arrived;
 * - shed requests count toward the client's rate limit (a flood is then told 429), and are reported
 *   in one warn line per second, never one by one.
 * The app's files (anything outside /api) and the sign-in, sign-up, code and sign-out routes are
 * never shed; those routes wait for their turn, ahead of the rest.
 */
export function registerLoadShedding(
  app: FastifyInstance,
  options: LoadSheddingOptions = LOAD_SHEDDING_DEFAULTS,
  hooks: LoadSheddingHooks = {},
): void {
  let shed = 0;
  let inFlight = 0;
  let lastTick = performance.now();
  const scheduler = new TurnScheduler({ ...options, hasRoom: () => inFlight < options.maxInFlight });
  const tick = setInterval(() => {
    lastTick = performance.now();
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

  /**
   * A started request still unanswered at its deadline while others wait: the client hears 503 now
   * and the work's result is dropped. With nothing waiting the server is not overloaded, and a slow
   * request (a payment provider's answer, an upload) goes on.
   */
  const answerLate = (reply: FastifyReply) => {
    if (scheduler.waitingCount === 0) return;
    if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) return;
    shed++;
    reply.hijack();
    const body = JSON.stringify(
      errorBody(ErrorCode.unavailable, 'The service is busy. Try again in a few seconds.'),
    );
    reply.raw.writeHead(503, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(options.retryAfterSeconds),
    });
    reply.raw.end(body);
  };

  const run = (request: FastifyRequest, reply: FastifyReply, done: () => void, arrivedAt: number) => {
    // The client hung up while the request waited for its turn: no one is left to answer.
    if (request.raw.socket?.destroyed) return;
    const lag = performance.now() - lastTick - TICK_MS;
    if (lag > options.maxLagMs) return refuse(request, reply);
    inFlight++;
    const deadline = setTimeout(() => answerLate(reply), arrivedAt + options.maxAnswerMs - performance.now());
    // 'close' comes after the answer is sent and when the client hangs up first, whatever stage the
    // request was in (Fastify's onResponse misses a request whose body was read before the hang-up).
    reply.raw.once('close', () => {
      clearTimeout(deadline);
      inFlight--;
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
    const arrivedAt = performance.now();
    if (scheduler.startsNow() && inFlight < options.maxInFlight) return run(request, reply, done, arrivedAt);
    scheduler.wait({
      client: clientOf(request.ip),
      start: () => run(request, reply, done, arrivedAt),
      late: () => {
        if (!request.raw.socket?.destroyed) refuse(request, reply);
      },
    });
  });
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function isNeverShed(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0]!;
  return NEVER_SHED_PATHS.has(path) || NEVER_SHED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Whose request it is, for taking turns: the client's address (behind a proxy, the one TRUST_PROXY
 * lets request.ip read from X-Forwarded-For), and for IPv6 its /64, which one subscriber holds whole.
 * Not the account: the session is checked only after this, and checking it first would cost a
 * database read for every request shed.
 */
export function clientOf(ip: string | undefined): string {
  if (!ip) return '';
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return expandIpv6(ip).slice(0, 4).join(':');
}

/** The eight groups of an IPv6 address, `::` expanded. */
function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%', 1)[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    group.replace(/^0+(?=.)/, ''),
  );
}
