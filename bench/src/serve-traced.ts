// The app as main.ts serves it, plus a clock on every request: when its socket connected, when the
// request event fired (Node has read and parsed the request), when its answer finished. Requests
// carry `x-trace: <id>` from trace-client.ts. On SIGTERM writes the times (process.hrtime, shared by
// every process on the machine) to the file named by TRACE_FILE. For overload-trace.ts.
import { writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { buildApp, loadConfig } from '@tagscout/server/app';

const traceFile = process.env.TRACE_FILE;
if (!traceFile) throw new Error('TRACE_FILE is required');
const config = loadConfig();
const app = await buildApp(config, { logStream: process.stdout });
const connectedAt = new WeakMap<Socket, { at: bigint; requests: number }>();
// id, connected, request event, finished, nth request on its connection
const rows: string[] = [];
app.server.prependListener('connection', (socket: Socket) => {
  connectedAt.set(socket, { at: process.hrtime.bigint(), requests: 0 });
});
app.server.prependListener('request', (request, response) => {
  const arrived = process.hrtime.bigint();
  const id = request.headers['x-trace'];
  if (typeof id !== 'string') return;
  const connection = connectedAt.get(request.socket);
  const nth = connection ? ++connection.requests : 0;
  response.once('finish', () => {
    rows.push(
      `${id},${connection?.at ?? 0n},${arrived},${process.hrtime.bigint()},${nth},${response.statusCode}`,
    );
  });
});
await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
const address = app.server.address();
console.log(
  `Traced server ready on http://localhost:${typeof address === 'object' && address ? address.port : 0}`,
);
process.on('SIGTERM', () => {
  writeFileSync(traceFile, rows.join('\n'));
  process.exit(0);
});
