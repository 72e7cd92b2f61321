// `npm run bench`: the speed figures of the hashtag store on SQLite and PostgreSQL (see bench/README.md).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@tagscout/server/app';
import { sql } from 'kysely';
import { prepareBaselineCheckout } from './baseline-checkout.js';
import { type BenchStore, openPostgresStore, openSqliteStore, removeSqliteFiles } from './bench-store.js';
import { measureFirehose } from './firehose.js';
import { type LoadFigures, measureLoad, mixedPaths, standInPaths } from './http-load.js';
import { type IngestFigures, measureHttpIngest } from './ingest-http.js';
import { type BenchOptions, readBenchOptions } from './options.js';
import { dropPageCache, type FloodFigures, measureFloodAndOne, overloadLoads } from './overload.js';
import { enterOwnSession, isPinned, type RunningServer, startServer } from './processes.js';
import { drawSamples, type Samples } from './samples.js';
import { drawScreenSamples, SCREEN_LOAD, screenMixPaths } from './screen-mix.js';
import { measureInjectLatency, measureServiceLatency } from './service-latency.js';
import { formatTable, type LatencySummary } from './stats.js';
import { drawSuggestLists, measureSuggestInProcess, suggestPaths } from './suggest-latency.js';

/** A load past the server's capacity, and how much the server logged during it (warm-up included). */
interface OverloadFigures extends LoadFigures {
  logBytes: number;
}

interface DialectResult {
  dialect: string;
  version: string;
  store: BenchStore['facts'];
  service: LatencySummary[];
  inject: LatencySummary[];
  mixed: LoadFigures | undefined;
  /** Issue 33's search-screen mix (screen-mix.ts): ours, then the baseline's; the load average when it began. */
  screen: (LoadFigures & { loadAverage: number })[];
  /** Suggestions for lists of 1 to 30 tags (issue 33): in-process, then over HTTP (ours, the baseline's). */
  suggest: { inProcess: LatencySummary[]; http: LoadFigures[] };
  byKind: LoadFigures[];
  /** The same loads on the BENCH_BASELINE checkout's server, measured right after each of ours. */
  baseline: LoadFigures[];
  overload: OverloadFigures[];
  floods: FloodFigures[];
  ingest: IngestFigures[];
  /** The machine's 1-minute load average when each part began (other work on the machine shows here). */
  load: Record<string, number>;
}

const options = readBenchOptions();
mkdirSync(options.cacheDir, { recursive: true });
if (options.baselineDir) prepareBaselineCheckout(options.baselineDir);
const isNiced = await enterOwnSession(options.nice);
if (options.nice !== 0 && !isNiced)
  console.warn(`Could not set priority ${options.nice} (needs root); running at 0.`);
const workDir = mkdtempSync(join(options.cacheDir, 'run-'));
const startedAt = new Date();
const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
console.log(`Tagscout bench: ${machine}`);
console.log(
  `Store: ${options.posts.toLocaleString('en')} posts, ${options.hashtags.toLocaleString('en')} hashtags; ` +
    `load: ${options.loadRounds} x ${options.loadSeconds} s, ${options.connections} connections` +
    (isPinned ? '; server on CPU 0, load on CPU 1' : '; taskset missing: processes not pinned') +
    (isNiced ? `; all at priority ${options.nice}` : ''),
);

const results: DialectResult[] = [];
let standIn: LoadFigures | undefined;
try {
  if (options.parts.has('firehose')) {
    const events = Number(process.env.BENCH_FIREHOSE_EVENTS ?? 200_000);
    console.log(
      `\nBluesky consumer catch-up on SQLite: ${events.toLocaleString('en')} Jetstream events replayed by a fake ` +
        `instance over a WebSocket (load average ${loadavg()[0]!.toFixed(2)}):`,
    );
    await measureFirehose(events);
  }
  // The firehose part alone needs no store.
  const storeParts = [...options.parts].filter((part) => part !== 'firehose');
  for (const dialect of storeParts.length > 0 ? options.dialects : []) {
    console.log(`\n=== ${dialect} ===`);
    const store = dialect === 'sqlite' ? await openSqliteStore(options) : await openPostgresStore(options);
    try {
      const result = await benchDialect(store, options);
      results.push(result);
      if (dialect === 'sqlite' && options.parts.has('standin')) standIn = await benchStandIn(store, options);
    } finally {
      await store.release();
    }
  }
  printSummary();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

async function benchDialect(store: BenchStore, options: BenchOptions): Promise<DialectResult> {
  const { facts } = store;
  console.log(
    `Store: ${facts.posts.toLocaleString('en')} posts, ${facts.hashtags.toLocaleString('en')} hashtags, ` +
      `${facts.links.toLocaleString('en')} post-tag links, ${(facts.sizeBytes / 2 ** 30).toFixed(2)} GB; ` +
      `most used #${facts.mostUsedTag.name} (${facts.mostUsedTag.posts.toLocaleString('en')} posts). ` +
      `Loaded at ${facts.ingest.wallPostsPerSecond.toLocaleString('en')} posts/s ` +
      `(storeIngest alone ${facts.ingest.storePostsPerSecond.toLocaleString('en')} posts/s), built ${facts.builtAt}.`,
  );
  const samples = await drawSamples(store.database, { mostUsedTag: facts.mostUsedTag.name });
  const load: Record<string, number> = {};
  const note = (part: string) => {
    load[part] = Number(loadavg()[0]!.toFixed(2));
    return `(load average ${load[part]})`;
  };

  let service: LatencySummary[] = [];
  if (options.parts.has('service')) {
    console.log(`\nService calls in-process (one at a time) ${note('service')}:`);
    service = await measureServiceLatency(store.database, samples);
    printLatency(service);
  }

  let inject: LatencySummary[] = [];
  if (options.parts.has('inject')) {
    const app = await buildApp(appConfig(store.url), { database: store.database });
    inject = await measureInjectLatency(app, samples);
    await app.close();
    console.log(`\nThe same through the whole app with inject() ${note('inject')}:`);
    printLatency(inject);
  }

  let mixed: LoadFigures | undefined;
  const screen: DialectResult['screen'] = [];
  const byKind: LoadFigures[] = [];
  const baseline: LoadFigures[] = [];
  if (options.parts.has('screen')) {
    const screenSamples = await drawScreenSamples(store.database);
    console.log(
      `\nThe search screen's mix (issue 33): prefixes of ${screenSamples.typed.length.toLocaleString('en')} tags ` +
        `(what ${screenSamples.prefixCounts.two} two-letter prefixes answer), related lists of ` +
        `${screenSamples.opened.length.toLocaleString('en')} (${screenSamples.prefixCounts.one} one-letter prefixes); ` +
        `${SCREEN_LOAD.seconds} s after ${SCREEN_LOAD.warmupSeconds} s on each of ${options.loadRounds} fresh servers, then ${SCREEN_LOAD.warmRounds} rounds more on each (the last: "warm") ${note('screen')}:`,
    );
    const figures = await measureScreenMix(store.url, options, {
      name: `${facts.dialect} screen mix`,
      paths: screenMixPaths(screenSamples),
    });
    screen.push(...figures.map((each) => ({ ...each, loadAverage: load.screen! })));
  }
  const suggest: DialectResult['suggest'] = { inProcess: [], http: [] };
  if (options.parts.has('suggest')) {
    const lists = await drawSuggestLists(store.database, await drawScreenSamples(store.database));
    const tags = new Set(lists.flat()).size;
    console.log(
      `\nSuggestions for ${lists.length} lists of 1 to 30 tags (${tags.toLocaleString('en')} tags in all), in-process ${note('suggest')}:`,
    );
    suggest.inProcess = await measureSuggestInProcess(store.database, lists);
    printLatency(suggest.inProcess);
    console.log(
      `\nThe same over HTTP, ${options.connections} connections, 8 s after 10 s on a fresh server, then twice 8 s more ${note('suggest-http')}:`,
    );
    for (const dir of [undefined, ...(options.baselineDir ? [options.baselineDir] : [])]) {
      const figures = await measureOnServer(store.url, dir, options, {
        name: `${facts.dialect} suggestions${dir ? ' (baseline)' : ''}`,
        paths: suggestPaths(lists),
        // The first round on a fresh server, two more right after it on the same one.
        rounds: 3,
        seconds: 8,
        warmupSeconds: 10,
      }).catch((error: unknown) => {
        if (!dir) throw error;
        console.log(`  the baseline failed: ${String(error)}`);
        return undefined;
      });
      const labels = ['first 8 s', 'next 8 s', 'third 8 s'];
      for (const [index, round] of (figures?.rounds ?? []).entries()) {
        suggest.http.push({ name: `${figures!.name}, ${labels[index]}`, rounds: [round], median: round });
      }
    }
  }
  if (options.parts.has('load')) {
    console.log(`\nMixed read load over loopback HTTP (autocannon) ${note('mixed')}:`);
    const loads: [string, string[], number][] = [
      ['mixed', mixedPaths(samples), options.loadRounds],
      ...pathsByKind(samples).map(([kind, paths]): [string, string[], number] => [`${kind} only`, paths, 1]),
    ];
    for (const [kind, paths, rounds] of loads) {
      const ours = await measureOnServer(store.url, undefined, options, {
        name: `${facts.dialect} ${kind}`,
        paths,
        rounds,
      });
      if (kind === 'mixed') mixed = ours;
      else byKind.push(ours);
      if (options.baselineDir) {
        const old = await measureOnServer(store.url, options.baselineDir, options, {
          name: `${facts.dialect} ${kind} (baseline)`,
          paths,
          rounds,
        }).catch((error: unknown) => {
          console.log(`  the baseline failed: ${String(error)}`);
          return undefined;
        });
        if (old) baseline.push(old);
      }
    }
  }

  const overload: OverloadFigures[] = [];
  const floods: FloodFigures[] = [];
  if (options.parts.has('overload')) {
    console.log(`\nOverload: 200 and 400 connections, one 10 s round each ${note('overload')}:`);
    const loads = overloadLoads(samples);
    const dirs = [undefined, ...(options.baselineDir ? [options.baselineDir] : [])];
    // Cold: the page cache emptied before the server starts (root only), lists of many tags.
    const cold = options.overloadCold && dropPageCache() ? [loads[1]!] : [];
    for (const [kind, paths, isCold] of [
      ...loads.map(([kind, paths]) => [kind, paths, false] as const),
      ...cold.map(([kind, paths]) => [kind, paths, true] as const),
    ]) {
      for (const connections of [200, 400]) {
        for (const dir of dirs) {
          const name = `${facts.dialect} ${kind}${isCold ? ', cold page cache' : ''}, ${connections} connections${dir ? ' (baseline)' : ''}`;
          if (isCold) dropPageCache();
          const server = await startApp(store.url, dir);
          try {
            const figures = await measureLoad({
              ...loadOptions(options, server),
              name,
              paths,
              rounds: 1,
              connections,
              ...(isCold && { warmupSeconds: 1 }),
            });
            console.log(`    server log: ${(server.logBytes() / 1024).toFixed(0)} KB`);
            overload.push({ ...figures, logBytes: server.logBytes() });
          } finally {
            await server.stop();
          }
        }
      }
    }
    console.log(`\nOne address floods (300 connections), another asks with one connection ${note('flood')}:`);
    for (const [kind, paths] of [loads[0]!, loads[1]!]) {
      for (const dir of dirs) {
        const server = await startApp(store.url, dir);
        try {
          floods.push(
            await measureFloodAndOne({
              name: `${facts.dialect} ${kind}${dir ? ' (baseline)' : ''}`,
              port: server.port,
              paths,
              workDir,
              seconds: options.loadSeconds,
              floodConnections: 300,
            }),
          );
        } finally {
          await server.stop();
        }
      }
    }
  }

  note('ingest');
  const ingest = options.parts.has('ingest') ? await benchHttpIngest(store, options) : [];
  const version = await databaseVersion(store);
  return {
    dialect: facts.dialect,
    version,
    store: facts,
    service,
    inject,
    mixed,
    screen,
    suggest,
    byKind,
    baseline,
    overload,
    floods,
    ingest,
    load,
  };
}

/** One load on a fresh server of ours (or of the baseline checkout), so caches start the same. */
async function measureOnServer(
  databaseUrl: string,
  baselineDir: string | undefined,
  options: BenchOptions,
  load: { name: string; paths: string[]; rounds: number; seconds?: number; warmupSeconds?: number },
): Promise<LoadFigures> {
  const server = await startApp(databaseUrl, baselineDir);
  try {
    return await measureLoad({ ...loadOptions(options, server), ...load });
  } finally {
    await server.stop();
  }
}

/**
 * Issue 33's measure: one round of 8 s after a 2 s warm-up on a fresh server, so first-time answers
 * count as they do after a restart; then, on the same server, SCREEN_LOAD.warmRounds more, the last
 * reported as "warm" (most related lists and prefixes asked before, as on a server that has run a
 * while). `loadRounds` fresh servers, the median of each reported. With a baseline checkout, its
 * server runs right after each of ours.
 */
async function measureScreenMix(
  databaseUrl: string,
  options: BenchOptions,
  load: { name: string; paths: string[] },
): Promise<LoadFigures[]> {
  const dirs = [undefined, ...(options.baselineDir ? [options.baselineDir] : [])];
  const fresh = dirs.map((): LoadFigures['rounds'] => []);
  const warm = dirs.map((): LoadFigures['rounds'] => []);
  for (let i = 0; i < options.loadRounds; i++) {
    for (const [index, dir] of dirs.entries()) {
      const figures = await measureOnServer(databaseUrl, dir, options, {
        ...load,
        name: `${load.name}${dir ? ' (baseline)' : ''}, server ${i + 1}`,
        rounds: 1 + SCREEN_LOAD.warmRounds,
        seconds: SCREEN_LOAD.seconds,
        warmupSeconds: SCREEN_LOAD.warmupSeconds,
      }).catch((error: unknown) => {
        if (!dir) throw error;
        console.log(`  the baseline failed: ${String(error)}`);
        return undefined;
      });
      if (!figures) continue;
      fresh[index]!.push(figures.rounds[0]!);
      warm[index]!.push(figures.rounds.at(-1)!);
    }
  }
  const medianOf = (name: string, rounds: LoadFigures['rounds']): LoadFigures[] => {
    const sorted = [...rounds].sort((a, b) => a.requestsPerServerCpuSecond - b.requestsPerServerCpuSecond);
    const median = sorted[Math.floor(sorted.length / 2)];
    return median ? [{ name, rounds, median }] : [];
  };
  return dirs.flatMap((dir, index) => {
    const name = `${load.name}${dir ? ' (baseline)' : ''}`;
    return [...medianOf(name, fresh[index]!), ...medianOf(`${name}, warm`, warm[index]!)];
  });
}

/** The bare Fastify + better-sqlite3 server, measured the same way on the same file. */
async function benchStandIn(store: BenchStore, options: BenchOptions): Promise<LoadFigures> {
  const samples = await drawSamples(store.database, { mostUsedTag: store.facts.mostUsedTag.name });
  console.log(
    `\nBare stand-in (Fastify + better-sqlite3, one indexed SELECT) (load average ${loadavg()[0]!.toFixed(2)}):`,
  );
  const server = await startServer({ file: 'bench/src/serve-stand-in.ts', args: [store.url], cpu: 0 });
  try {
    return await measureLoad({
      ...loadOptions(options, server),
      name: 'stand-in',
      paths: standInPaths(samples),
    });
  } finally {
    await server.stop();
  }
}

/**
 * Fresh posts through POST /api/cache/recommend. On SQLite into a copy of the store, so the cached
 * store stays as built; on PostgreSQL into the run's own database.
 */
async function benchHttpIngest(store: BenchStore, options: BenchOptions): Promise<IngestFigures[]> {
  console.log('\nSteady-state ingest over HTTP (POST /api/cache/recommend):');
  let url = store.url;
  if (store.database.sqlite) {
    url = join(workDir, 'ingest.db');
    await store.database.sqlite.backup(url);
  }
  const server = await startApp(url);
  const figures: IngestFigures[] = [];
  try {
    for (const clients of [1, 4]) {
      const result = await measureHttpIngest({
        port: server.port,
        posts: options.ingestPosts,
        seed: options.seed + 100 + clients,
        clients,
      }).catch((error: unknown) => {
        // A server that keeps failing (e.g. deadlocks) is a figure too, not the end of the bench.
        console.log(`  ${clients} sender(s): failed: ${String(error)}`);
        return undefined;
      });
      if (!result) continue;
      console.log(
        `  ${clients} sender(s): ${result.posts.toLocaleString('en')} posts in ${result.requests} requests, ` +
          `${result.seconds} s: ${result.postsPerSecond.toLocaleString('en')} posts/s ` +
          `(request p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms; ${result.shed} answers 503 and ${result.failed} other 5xx, retried)`,
      );
      figures.push(result);
    }
  } finally {
    await server.stop();
    if (url !== store.url) removeSqliteFiles(url);
  }
  return figures;
}

function appConfig(databaseUrl: string) {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_CORPUS: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    CACHE_RATE_LIMIT_PER_MINUTE: '1000000000',
    BLUESKY_JETSTREAM_URL: '',
  });
}

/** The real server (apps/server/src/main.ts, ours or the baseline checkout's) in its own process on CPU 0. */
function startApp(databaseUrl: string, baselineDir?: string): Promise<RunningServer> {
  const config = appConfig(databaseUrl);
  return startServer({
    file: baselineDir ? join(baselineDir, 'apps/server/src/main.ts') : 'apps/server/src/main.ts',
    // As scripts/start.mjs runs the server (the baseline too, so old and new differ in code only).
    nodeFlags: ['--max-semi-space-size=64'],
    cpu: 0,
    env: {
      DATABASE_URL: config.DATABASE_URL,
      HOST: config.HOST,
      PORT: String(config.PORT),
      LOG_LEVEL: config.LOG_LEVEL,
      SEED_CORPUS: 'false',
      RATE_LIMIT_PER_MINUTE: String(config.RATE_LIMIT_PER_MINUTE),
      CACHE_RATE_LIMIT_PER_MINUTE: String(config.CACHE_RATE_LIMIT_PER_MINUTE),
      // The HTTP ingest signs up a submitter (only registered accounts write to the crowd cache).
      EXPOSE_OUTBOX: 'true',
      // The bench machine has no internet, and the figures are the HTTP path's alone.
      BLUESKY_JETSTREAM_URL: '',
    },
  });
}

function loadOptions(options: BenchOptions, server: RunningServer) {
  return {
    port: server.port,
    serverCpuSeconds: server.cpuSeconds,
    workDir,
    seconds: options.loadSeconds,
    rounds: options.loadRounds,
    connections: options.connections,
  };
}

/** Each kind of the mix alone, one short round each, to see where the time goes. */
function pathsByKind(samples: Samples): [string, string[]][] {
  const all = mixedPaths(samples);
  return [
    ['autocomplete', all.filter((path) => path.startsWith('/api/autocomplete/'))],
    ['info 100', all.filter((path) => path.startsWith('/api/info/') && !path.endsWith('recommended=1'))],
    ['related', all.filter((path) => path.endsWith('recommended=1'))],
    // The app's plugins and routing around one trivial query: its fixed cost per request.
    ['health', ['/api/health']],
  ];
}

/** Issue 33's measure: the screen mix per server CPU-second as a share of the stand-in's, with p99 and load. */
function screenShare(screen: DialectResult['screen'][number], standIn: LoadFigures): (string | number)[] {
  const { median } = screen;
  const perCpu = median.requestsPerServerCpuSecond / standIn.median.requestsPerServerCpuSecond;
  return [
    screen.name,
    'per server CPU-second / stand-in, p99 ms, load average',
    `${median.requestsPerServerCpuSecond.toLocaleString('en')} / ${standIn.median.requestsPerServerCpuSecond.toLocaleString('en')} = ${(perCpu * 100).toFixed(1)}%, p99 ${median.p99}, load ${screen.loadAverage}`,
    '>= 25%',
  ];
}

async function databaseVersion(store: BenchStore): Promise<string> {
  if (store.database.sqlite)
    return `SQLite ${store.database.sqlite.prepare('select sqlite_version()').pluck().get()}`;
  const row = await sql<{ version: string }>`select version()`.execute(store.database.db);
  return row.rows[0]?.version.split(' on ')[0] ?? 'PostgreSQL';
}

function printLatency(rows: LatencySummary[]): void {
  console.log(
    formatTable(
      ['operation', 'calls', 'p50 ms', 'p99 ms', 'mean ms', 'max ms', 'CPU ms/call'],
      rows.map((row) => [row.name, row.iterations, row.p50, row.p99, row.mean, row.max, row.cpu]),
    ),
  );
}

function printSummary(): void {
  console.log('\n=== Summary ===');
  const lines: (string | number)[][] = [];
  const count = (value: number) => value.toLocaleString('en');
  for (const result of results) {
    const row = (name: string) => result.service.find((entry) => entry.name.startsWith(name));
    const ms = (entry: LatencySummary | undefined) =>
      entry ? `${entry.p50.toFixed(2)} / ${entry.p99.toFixed(2)} (CPU ${entry.cpu.toFixed(2)})` : '-';
    for (const figures of [
      ...(result.mixed ? [result.mixed] : []),
      ...result.screen,
      ...result.suggest.http,
      ...result.byKind,
      ...result.baseline,
    ]) {
      const { median } = figures;
      lines.push([
        result.dialect,
        `${figures.name} req/s (per server CPU-second), p50 / p99 ms`,
        `${count(median.requestsPerSecond)} (${count(median.requestsPerServerCpuSecond)}), ${median.p50} / ${median.p99}`,
        '',
      ]);
    }
    for (const screen of standIn ? result.screen : []) lines.push(screenShare(screen, standIn!));
    const median = result.mixed?.median;
    const ingest = result.ingest.map((figures) => count(figures.postsPerSecond)).join(' / ');
    lines.push(
      [
        result.dialect,
        'autocomplete p50 / p99 ms (CPU ms/call)',
        ms(row('autocomplete (product')),
        'p99 < 5',
      ],
      [result.dialect, '  the same with no cache', ms(row('autocomplete (no')), ''],
      [result.dialect, 'info 100 names p50 / p99 ms', ms(row('info')), 'p99 < 10'],
      [result.dialect, 'related, most-used tag, no cache p50 / p99 ms', ms(row('related, most')), ''],
      [
        result.dialect,
        'related, most-used tag, cached p50 / p99 ms',
        ms(result.service.find((entry) => /most-used.*cached/.test(entry.name))),
        'p99 < 2',
      ],
      [
        result.dialect,
        'related, top-1,000 tags, cached p50 / p99 ms',
        ms(result.service.find((entry) => /top-1,000.*cached/.test(entry.name))),
        'p99 < 2',
      ],
      [
        result.dialect,
        'ingest while loading, posts/s',
        count(result.store.ingest.wallPostsPerSecond),
        '>= 20,000',
      ],
      [result.dialect, 'ingest over HTTP, 1 / 4 senders, posts/s', ingest, ''],
    );
    if (!median) continue;
    lines.push(
      [
        result.dialect,
        'mixed load req/s (per server CPU-second)',
        `${count(median.requestsPerSecond)} (${count(median.requestsPerServerCpuSecond)})`,
        '>= 5,000',
      ],
      [result.dialect, 'mixed load p50 / p99 ms', `${median.p50} / ${median.p99}`, 'p99 < 30'],
    );
    if (standIn) {
      const wall = median.requestsPerSecond / standIn.median.requestsPerSecond;
      const perCpu = median.requestsPerServerCpuSecond / standIn.median.requestsPerServerCpuSecond;
      lines.push([
        result.dialect,
        'mixed / stand-in (per CPU-second)',
        `${(wall * 100).toFixed(0)}% (${(perCpu * 100).toFixed(0)}%)`,
        '>= 40%',
      ]);
    }
  }
  if (standIn) {
    const { median } = standIn;
    lines.push([
      'sqlite',
      'stand-in req/s (per CPU-second), p99 ms',
      `${count(median.requestsPerSecond)} (${count(median.requestsPerServerCpuSecond)}), ${median.p99}`,
      '',
    ]);
  }
  console.log(formatTable(['dialect', 'figure', 'value', 'target'], lines));
  const file = join(options.cacheDir, `results-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ machine, startedAt, options, isNiced, results, standIn }, null, 2)}\n`,
  );
  console.log(`\nAll figures saved to ${file}`);
}
