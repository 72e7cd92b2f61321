// A server process for load-shedding.test.ts: Fastify with the app's load shedding, a route that
// costs BUSY_MS of CPU per request, one that waits 20 ms and then costs it, and one that waits
// 300 ms; and how long its answers took. Prints "ready on <port>" once it listens.
import Fastify from 'fastify';
import { registerLoadShedding } from '../plugins/load-shedding.js';

const busyMs = Number(process.env.BUSY_MS ?? 1);
const app = Fastify({ logger: { level: 'warn' } });
// The longest any request took here, from when the server accepted its connection (a connection's
// first request) or read it (the next ones) to its answer: the server's share of a client's wait,
// without the test client's own delays on a busy machine. GET /stats (outside /api: never shed).
let maxAnswerMs = 0;
const acceptedAt = new WeakMap<object, number>();
app.server.on('connection', (socket) => acceptedAt.set(socket, performance.now()));
app.addHook('onRequest', (request, reply, done) => {
  const since = acceptedAt.get(request.raw.socket) ?? performance.now();
  acceptedAt.delete(request.raw.socket);
  reply.raw.once('finish', () => {
    maxAnswerMs = Math.max(maxAnswerMs, performance.now() - since);
  });
  done();
});
app.get('/stats', async () => ({ maxAnswerMs }));
registerLoadShedding(app);
app.get('/api/busy', async () => {
  const until = performance.now() + busyMs;
  while (performance.now() < until) {
    // CPU work, as a request answered from SQLite is.
  }
  return { ok: true };
});
// A request that waits 20 ms (a database's answer over the network), then costs BUSY_MS of CPU.
app.get('/api/wait-then-work', async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const until = performance.now() + busyMs;
  while (performance.now() < until) {
    // CPU work on the answer
  }
  return { ok: true };
});
// A request that waits, as one answered from PostgreSQL does, with a body read before it waits.
app.post('/api/slow', async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { ok: true };
});
await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });
const address = app.server.address();
console.log(`ready on ${typeof address === 'object' && address ? address.port : 0}`);
