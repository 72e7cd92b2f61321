// A server process for load-shedding.test.ts: Fastify with the app's load shedding, a route that
// costs BUSY_MS of CPU per request, one that waits 20 ms and then costs it, and one that waits until
// the test lets it go; and what the server did. Prints "ready on <port>" once it listens.
//
// Every timing here, the load shedding's included, is on the server's own time (test/server-time.ts):
// wall time less the time the machine's other work kept this process from a CPU. So the server does
// and measures on a busy machine what it does on a quiet one, and a request costs BUSY_MS of it.
import type { FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import { LOAD_SHEDDING_DEFAULTS, registerLoadShedding } from '../plugins/load-shedding.js';
import { processTime } from './server-time.js';

const busyMs = Number(process.env.BUSY_MS ?? 1);
const { now } = processTime();
/** Works for `ms` of the server's time (CPU work, as a request answered from SQLite does). */
const work = (ms: number) => {
  const until = now() + ms;
  while (now() < until) {
    // CPU work
  }
};

/** What GET /stats tells (a route outside /api: never shed, never waits for a turn). */
const stats = {
  /**
   * The longest any request took here, from when the server accepted its connection (a connection's
   * first request) or read it (the next ones) to its answer: the server's share of a client's wait,
   * without the test client's own delays.
   */
  maxAnswerMs: 0,
  /** Requests read and not yet answered nor hung up on. */
  open: 0,
  /** Of those, the ones that wait for their turn (their handler has not started). */
  waiting: 0,
  /** Handlers of POST /api/slow waiting for the test to let them go (POST /release). */
  held: 0,
};
const isControl = (url: string) => url === '/stats' || url === '/release';
/** Marks a request's turn as come (its handler starts, or it is answered or hung up on first). */
const turnCame = new WeakMap<FastifyRequest, () => void>();

const app = Fastify({ logger: { level: 'warn' } });
const acceptedAt = new WeakMap<object, number>();
app.server.on('connection', (socket) => acceptedAt.set(socket, now()));
app.addHook('onRequest', (request, reply, done) => {
  const since = acceptedAt.get(request.raw.socket) ?? now();
  acceptedAt.delete(request.raw.socket);
  reply.raw.once('finish', () => {
    stats.maxAnswerMs = Math.max(stats.maxAnswerMs, now() - since);
  });
  if (!isControl(request.url)) {
    stats.open++;
    stats.waiting++;
    let isWaiting = true;
    const came = () => {
      if (isWaiting) stats.waiting--;
      isWaiting = false;
    };
    turnCame.set(request, came);
    reply.raw.once('close', () => {
      stats.open--;
      came();
    });
  }
  done();
});
app.get('/stats', async () => stats);
registerLoadShedding(app, { ...LOAD_SHEDDING_DEFAULTS, now });
app.addHook('preHandler', async (request) => turnCame.get(request)?.());
app.get('/api/busy', async () => {
  work(busyMs);
  return { ok: true };
});
// A request that waits 20 ms (a database's answer over the network), then costs BUSY_MS of CPU.
app.get('/api/wait-then-work', async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  work(busyMs);
  return { ok: true };
});
// A request that waits, as one answered from PostgreSQL does, with a body read before it waits:
// until the test lets them go (POST /release), every one since and after.
let release = () => {};
const released = new Promise<void>((resolve) => {
  release = resolve;
});
app.post('/api/slow', async () => {
  stats.held++;
  await released;
  stats.held--;
  return { ok: true };
});
app.post('/release', async () => {
  release();
  return { released: true };
});
await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });
const address = app.server.address();
console.log(`ready on ${typeof address === 'object' && address ? address.port : 0}`);
