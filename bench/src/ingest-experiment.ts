// `node --conditions=source --import tsx bench/src/ingest-experiment.ts`: why ingest slows as the store
// grows. Copies the cached full-size SQLite store (npm run bench builds it), then stores fresh posts
// through storeIngest under a few settings, printing posts/s and bytes written per post for each.
// Evidence for server changes only; the product's settings are the first row.
import { readFileSync } from 'node:fs';
import { generateCorpus } from '@tagscout/corpus';
import { connectDatabase } from '@tagscout/server/db';
import { linkPendingPosts, preparePosts, type StoreOptions, storeIngest } from '@tagscout/server/hashtags';
import { copyCachedSqliteStore, removeSqliteFiles } from './bench-store.js';
import { readBenchOptions } from './options.js';
import { enterOwnSession } from './processes.js';
import { formatTable } from './stats.js';

interface Variant {
  name: string;
  batch: number;
  pragmas: string[];
  /** As the importer and the sample seeding: links written at the end, sorted (linkPendingPosts). */
  deferLinks?: boolean;
}

const VARIANTS: Variant[] = [
  { name: '5,000-post transactions (the importer and seeding before issue 18)', batch: 5000, pragmas: [] },
  {
    name: 'as the importer and seeding: 50,000-post transactions, links deferred',
    batch: 50_000,
    pragmas: [],
    deferLinks: true,
  },
  {
    name: '20,000-post transactions, links deferred (before 2026-11-26)',
    batch: 20_000,
    pragmas: [],
    deferLinks: true,
  },
  { name: '100,000-post transactions, links deferred', batch: 100_000, pragmas: [], deferLinks: true },
  { name: '50,000-post transactions, links written with each', batch: 50_000, pragmas: [] },
  {
    name: '50,000-post transactions, NORMAL, 1 GB cache',
    batch: 50_000,
    pragmas: ['synchronous = NORMAL', 'cache_size = -1048576'],
  },
];
const POSTS_PER_VARIANT = Number(process.env.BENCH_EXPERIMENT_POSTS ?? 50_000);
/** Row numbers (from 1) to run, e.g. `2,4`; all when unset. */
const ONLY = process.env.BENCH_EXPERIMENT_ROWS?.split(',').map(Number);

const options = readBenchOptions();
await enterOwnSession(options.nice);
console.log('Copying the cached store...');
const copy = await copyCachedSqliteStore(options, 'experiment');

const database = connectDatabase(copy);
const rows: (string | number)[][] = [];
try {
  for (const [index, variant] of VARIANTS.entries()) {
    if (ONLY && !ONLY.includes(index + 1)) continue;
    for (const pragma of ['synchronous = FULL', 'cache_size = -65536', ...variant.pragmas]) {
      database.sqlite!.pragma(pragma);
    }
    const corpus = generateCorpus({
      seed: options.seed + 500 + index,
      posts: POSTS_PER_VARIANT,
      hashtags: POSTS_PER_VARIANT / 2,
      places: 1000,
      profiles: 5000,
    });
    const incoming = [...corpus.posts()];
    const storeOptions: StoreOptions = { tagIds: new Map(), deferLinks: variant.deferLinks ?? false };
    const writtenBefore = writtenBytes();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    let preparing = 0;
    for (let start = 0; start < incoming.length; start += variant.batch) {
      const prepareStarted = performance.now();
      const { posts } = preparePosts(incoming.slice(start, start + variant.batch));
      preparing += performance.now() - prepareStarted;
      await storeIngest(
        database,
        { posts, network: 'instagram', source: 'import', now: Date.now() },
        storeOptions,
      );
    }
    const linkStarted = performance.now();
    if (variant.deferLinks) await linkPendingPosts(database, { now: Date.now() });
    const ended = performance.now();
    const seconds = (ended - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const written = writtenBytes() - writtenBefore;
    rows.push([
      variant.name,
      Math.round(incoming.length / seconds),
      Math.round(incoming.length / ((cpu.user + cpu.system) / 1e6)),
      `${(preparing / 1000).toFixed(1)} / ${((linkStarted - started - preparing) / 1000).toFixed(1)} / ${((ended - linkStarted) / 1000).toFixed(1)}`,
      Math.round(written / incoming.length / 1024),
    ]);
    console.log(`  ${rows.at(-1)!.join(', ')}`);
  }
} finally {
  await database.close();
  removeSqliteFiles(copy);
}
console.log(
  `\n${formatTable(['setting', 'posts/s', 'posts per CPU-second', 's preparing / storing / linking', 'KB written / post'], rows)}`,
);

/** Bytes this process has caused to be written to disk (Linux). */
function writtenBytes(): number {
  const match = /write_bytes: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'));
  return Number(match?.[1] ?? 0);
}
