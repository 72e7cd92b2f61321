// A server process for load-shedding.test.ts: Fastify with the app's load shedding, a route that
// costs BUSY_MS of CPU per request and one that waits 300 ms. Prints "ready on <port>" once it listens.
import Fastify from 'fastify';
import { registerLoadShedding } from '../plugins/load-shedding.js';

const busyMs = Number(process.env.BUSY_MS ?? 1);
const app = Fastify({ logger: { level: 'warn' } });
registerLoadShedding(app);
app.get('/api/busy', async () => {
  const until = performance.now() + busyMs;
  while (performance.now() < until) {
    // CPU work, as a request answered from SQLite is.
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
