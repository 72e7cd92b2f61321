import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { mixedPaths } from './http-load.js';
import { runToEnd } from './processes.js';
import type { Samples } from './samples.js';
import { quantile } from './stats.js';

/** The overload loads: cached related lists, related lists of many different tags (cold), the mix. */
export function overloadLoads(samples: Samples): [string, string[]][] {
  const all = mixedPaths(samples);
  return [
    ['related', all.filter((path) => path.endsWith('recommended=1'))],
    [
      'related of many tags',
      samples.names.map((name) => `/api/info/hashtag/${encodeURIComponent(name)}?recommended=1`),
    ],
    ['mixed', all],
  ];
}

/** What one client with a single connection got while another address flooded the server. */
export interface FloodFigures {
  name: string;
  flood: { requests: number; statusCodes: Record<string, number> };
  single: { requests: number; answered200: number; p50: number; max: number; errors: number };
  loadAverage: number;
}

/**
 * `floodConnections` connections from 127.0.0.1 (autocannon, in its own process on CPU 1) and, at
 * the same time, one client from 127.0.0.2 asking again as soon as it is answered: the share of the
 * server the single client gets.
 */
export async function measureFloodAndOne(options: {
  name: string;
  port: number;
  paths: string[];
  workDir: string;
  seconds: number;
  floodConnections: number;
}): Promise<FloodFigures> {
  const pathsFile = join(options.workDir, `paths-${options.name.replace(/\W+/g, '-')}.json`);
  writeFileSync(pathsFile, JSON.stringify(options.paths));
  const loadAverage = Number(loadavg()[0]!.toFixed(2));
  const flooding = runToEnd({
    file: 'bench/src/load-client.ts',
    args: [
      `http://127.0.0.1:${options.port}`,
      pathsFile,
      String(options.floodConnections),
      String(options.seconds + 2),
    ],
    cpu: 1,
  });
  // The flood's connections open first.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const single = await askInTurn(options.port, options.paths, options.seconds);
  const flood = JSON.parse(await flooding) as {
    statusCodeStats: Record<string, { count: number }>;
  };
  const statusCodes = Object.fromEntries(
    Object.entries(flood.statusCodeStats).map(([code, { count }]) => [code, Number(count)]),
  );
  const figures: FloodFigures = {
    name: options.name,
    flood: { requests: Object.values(statusCodes).reduce((sum, n) => sum + n, 0), statusCodes },
    single,
    loadAverage,
  };
  console.log(
    `  ${options.name}: the single client got ${single.answered200} answers 200 of ${single.requests} in ` +
      `${options.seconds} s (p50 ${single.p50} ms, max ${single.max} ms, ${single.errors} errors); ` +
      `the flood ${figures.flood.requests.toLocaleString('en')} answers ${JSON.stringify(statusCodes)} ` +
      `(load average ${loadAverage})`,
  );
  return figures;
}

/** One connection from 127.0.0.2, each request sent when the last is answered, for `seconds`. */
async function askInTurn(port: number, paths: string[], seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: '127.0.0.2' });
  const times: number[] = [];
  let answered200 = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: paths[(i * 7919) % paths.length], agent },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
      request.on('error', () => resolve(0));
    });
    times.push(performance.now() - started);
    if (status === 200) answered200++;
    if (status === 0) errors++;
  }
  agent.destroy();
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: times.length,
    answered200,
    p50: Math.round(quantile(sorted, 0.5)),
    max: Math.round(sorted.at(-1) ?? 0),
    errors,
  };
}

/** Empties the operating system's page cache (root only): the next reads of the store go to disk. */
export function dropPageCache(): boolean {
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '1');
    return true;
  } catch {
    return false;
  }
}
