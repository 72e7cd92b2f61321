// `node --conditions=source --import tsx bench/src/plugin-cost.ts`: what each of the app's plugins
// costs per request, on the stand-in's one-SELECT route over the cached SQLite store (build it with
// npm run bench first). Figures are requests per server CPU-second, so a busy machine skews them less.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from './bench-store.js';
import { measureLoad, standInPaths } from './http-load.js';
import { readBenchOptions } from './options.js';
import { enterOwnSession, startServer } from './processes.js';
import { drawSamples } from './samples.js';
import { formatTable } from './stats.js';

const VARIANTS = [
  '',
  'helmet',
  'rate-limit',
  'load-shedding',
  'logger',
  'zod',
  'helmet,rate-limit,load-shedding,logger,zod',
];

const options = readBenchOptions();
await enterOwnSession(options.nice);
const store = await openSqliteStore(options);
const samples = await drawSamples(store.database, { mostUsedTag: store.facts.mostUsedTag.name });
await store.release();
const workDir = mkdtempSync(join(options.cacheDir, 'plugins-'));
const rows: (string | number)[][] = [];
try {
  for (const variant of VARIANTS) {
    const server = await startServer({
      file: 'bench/src/serve-plugin-variant.ts',
      args: [store.url, variant],
      cpu: 0,
    });
    try {
      const figures = await measureLoad({
        name: variant || 'bare',
        port: server.port,
        serverCpuSeconds: server.cpuSeconds,
        paths: standInPaths(samples),
        workDir,
        seconds: options.loadSeconds,
        rounds: 1,
        connections: options.connections,
        warmupSeconds: 3,
      });
      const { median } = figures;
      rows.push([
        variant || 'bare Fastify (the stand-in)',
        median.requestsPerSecond,
        median.requestsPerServerCpuSecond,
        Number((1000 / median.requestsPerServerCpuSecond).toFixed(3)),
      ]);
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
console.log(`\n${formatTable(['plugins', 'req/s', 'req per server CPU-s', 'server CPU ms/req'], rows)}`);
