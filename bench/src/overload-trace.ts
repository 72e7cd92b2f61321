// `node --conditions=source --import tsx bench/src/overload-trace.ts`: where an overloaded request's
// wait goes. The app (serve-traced.ts, CPU 0) under BENCH_TRACE_CONNECTIONS (400) connections of the
// mixed or related-only load (BENCH_TRACE_LOAD) from BENCH_TRACE_CLIENTS (1) autocannon processes
// (trace-client.ts, CPU 1), one 10 s round after a 5 s warm-up. Every request is timed at the client
// (sent, answered) and in the server (its connection opened, Node parsed it, its answer finished) on
// the machine's one monotonic clock, and each slow request's wait is split into: before the server
// read it, in the server, after the server answered (the client reading late).
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from './bench-store.js';
import { mixedPaths } from './http-load.js';
import { readBenchOptions } from './options.js';
import { enterOwnSession, runToEnd, startServer } from './processes.js';
import { drawSamples } from './samples.js';
import { formatTable, quantile } from './stats.js';

const options = readBenchOptions();
await enterOwnSession(options.nice);
const connections = Number(process.env.BENCH_TRACE_CONNECTIONS ?? 400);
const clients = Number(process.env.BENCH_TRACE_CLIENTS ?? 1);
const kind = process.env.BENCH_TRACE_LOAD ?? 'mixed';
const seconds = options.loadSeconds;
const store = await openSqliteStore(options);
const samples = await drawSamples(store.database, { mostUsedTag: store.facts.mostUsedTag.name });
await store.release();
const all = mixedPaths(samples);
const paths = kind === 'related' ? all.filter((path) => path.endsWith('recommended=1')) : all;
const pathsFile = join(options.cacheDir, `trace-paths-${kind}.json`);
writeFileSync(pathsFile, JSON.stringify(paths));
const serverTrace = join(options.cacheDir, 'trace-server.csv');

const server = await startServer({
  file: 'bench/src/serve-traced.ts',
  cpu: 0,
  env: {
    DATABASE_URL: store.url,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_CORPUS: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    CACHE_RATE_LIMIT_PER_MINUTE: '1000000000',
    TRACE_FILE: serverTrace,
  },
});
const url = `http://127.0.0.1:${server.port}`;
console.log(
  `${kind}, ${connections} connections from ${clients} client process(es), ${seconds} s ` +
    `(load average ${loadavg()[0]!.toFixed(2)})`,
);
await runToEnd({
  file: 'bench/src/load-client.ts',
  args: [url, pathsFile, String(connections), '5'],
  cpu: 1,
});
const clientFiles = Array.from({ length: clients }, (_, i) =>
  join(options.cacheDir, `trace-client-${i}.csv`),
);
const cpuBefore = server.cpuSeconds();
const results = await Promise.all(
  clientFiles.map((file, i) =>
    runToEnd({
      file: 'bench/src/trace-client.ts',
      args: [url, pathsFile, String(Math.round(connections / clients)), String(seconds), `c${i}`, file],
      cpu: 1,
    }),
  ),
);
const ended = process.hrtime.bigint();
const serverCpu = server.cpuSeconds() - cpuBefore;
await server.stop();

const inServer = new Map<string, { connected: bigint; arrived: bigint; finished: bigint; nth: number }>();
for (const line of readFileSync(serverTrace, 'utf8').split('\n').filter(Boolean)) {
  const [id, connected, arrived, finished, nth] = line.split(',');
  inServer.set(id!, {
    connected: BigInt(connected!),
    arrived: BigInt(arrived!),
    finished: BigInt(finished!),
    nth: Number(nth),
  });
}
const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
interface Timed {
  total: number;
  answered: boolean;
  before?: number;
  server?: number;
  after?: number;
  nth?: number;
  connectToArrival?: number;
}
const timed: Timed[] = [];
for (const file of clientFiles) {
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const [id, sentText, answeredText] = line.split(',');
    const sent = BigInt(sentText!);
    const answered = answeredText ? BigInt(answeredText) : undefined;
    const seen = inServer.get(id!);
    timed.push({
      total: ms(sent, answered ?? ended),
      answered: answered !== undefined,
      ...(seen && {
        before: ms(sent, seen.arrived),
        server: ms(seen.arrived, seen.finished),
        nth: seen.nth,
        connectToArrival: ms(seen.connected, seen.arrived),
        ...(answered !== undefined && { after: ms(seen.finished, answered) }),
      }),
    });
  }
}
const requests = results.map((line) => JSON.parse(line) as { requests: { total: number }; timeouts: number });
const totals = timed
  .filter((t) => t.answered)
  .map((t) => t.total)
  .sort((a, b) => a - b);
const serverTimes = timed.flatMap((t) => (t.server === undefined ? [] : [t.server])).sort((a, b) => a - b);
console.log(
  `answered ${totals.length.toLocaleString('en')} (${Math.round(totals.length / seconds).toLocaleString('en')}/s), ` +
    `client timeouts ${requests.reduce((n, r) => n + r.timeouts, 0)}, server CPU ${Math.round((100 * serverCpu) / seconds)}% of a core; ` +
    `client-seen p50 / p99 / max ${quantile(totals, 0.5).toFixed(0)} / ${quantile(totals, 0.99).toFixed(0)} / ${totals.at(-1)?.toFixed(0)} ms; ` +
    `in the server p99 / max ${quantile(serverTimes, 0.99).toFixed(1)} / ${serverTimes.at(-1)?.toFixed(1)} ms`,
);
const slow = timed.filter((t) => t.total > 1000);
const describe = (t: Timed) =>
  t.before === undefined
    ? 'never reached the server'
    : t.nth === 1
      ? 'first request of its connection'
      : 'later request of its connection';
const groups = new Map<string, Timed[]>();
for (const t of slow) groups.set(describe(t), [...(groups.get(describe(t)) ?? []), t]);
const mean = (values: number[]) =>
  values.length === 0 ? '' : (values.reduce((a, b) => a + b, 0) / values.length).toFixed(0);
console.log(
  `\nRequests that waited over 1 s (${slow.length}; ${slow.filter((t) => t.total > 2000).length} over 2 s):`,
);
console.log(
  formatTable(
    [
      'which',
      'count',
      'unanswered',
      'mean wait ms',
      'before the server read it',
      'in the server',
      'after the answer',
      'connection open to read',
    ],
    [...groups].map(([which, list]) => [
      which,
      list.length,
      list.filter((t) => !t.answered).length,
      mean(list.map((t) => t.total)),
      mean(list.flatMap((t) => (t.before === undefined ? [] : [t.before]))),
      mean(list.flatMap((t) => (t.server === undefined ? [] : [t.server]))),
      mean(list.flatMap((t) => (t.after === undefined ? [] : [t.after]))),
      mean(list.flatMap((t) => (t.connectToArrival === undefined ? [] : [t.connectToArrival]))),
    ]),
  ),
);
