// `node --conditions=source --import tsx bench/src/import-file.ts`: the import as a user runs it.
// Writes fresh generated posts as a JSON-lines file (once, kept in the cache folder), copies the
// cached SQLite store, and runs the built importer (`npm run import`, apps/server/dist) on the copy,
// `BENCH_IMPORT_RUNS` times (3), each on a fresh copy. Prints the importer's own line and posts/s
// over the whole run (start-up and migrations included). Needs `npm run build` first.
// `BENCH_IMPORTERS` (paths, comma-separated) runs other builds of it in turn, to compare them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, renameSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { generateCorpus } from '@tagscout/corpus';
import { copyCachedSqliteStore, removeSqliteFiles } from './bench-store.js';
import { readBenchOptions } from './options.js';
import { enterOwnSession, REPO_ROOT } from './processes.js';

const POSTS = Number(process.env.BENCH_EXPERIMENT_POSTS ?? 100_000);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const importers = (process.env.BENCH_IMPORTERS ?? 'apps/server/dist/cli/import.js')
  .split(',')
  .map((path) => resolve(REPO_ROOT, path.trim()));

const options = readBenchOptions();
await enterOwnSession(options.nice);
const missing = importers.find((importer) => !existsSync(importer));
if (missing) throw new Error(`No built importer at ${missing}: run npm run build first`);

const file = join(options.cacheDir, `import-${POSTS}p-s${options.seed}.jsonl`);
if (!existsSync(file)) await writePostsFile(file);

for (let run = 1; run <= RUNS; run++) {
  for (const importer of importers) await timeImport(run, importer);
}

async function timeImport(run: number, importer: string): Promise<void> {
  const copy = await copyCachedSqliteStore(options, 'import');
  const load = loadavg()[0]!.toFixed(2);
  const started = performance.now();
  let output: string;
  try {
    output = await runImporter(importer, copy);
  } finally {
    removeSqliteFiles(copy);
  }
  const seconds = (performance.now() - started) / 1000;
  const line = output.split('\n').find((text) => text.startsWith('Imported')) ?? output;
  const which = importers.length > 1 ? ` ${importer}` : '';
  console.log(
    `run ${run}${which} (load average ${load}): ${Math.round(POSTS / seconds).toLocaleString('en')} posts/s ` +
      `in ${seconds.toFixed(1)} s with start-up; the importer said: ${line.trim()}`,
  );
}

/** POSTS fresh posts (another seed than the store's), one JSON object a line as the importer reads them. */
async function writePostsFile(path: string): Promise<void> {
  const corpus = generateCorpus({
    seed: options.seed + 900,
    posts: POSTS,
    hashtags: Math.round(POSTS / 2),
    places: 1000,
    profiles: 5000,
  });
  const out = createWriteStream(`${path}.partial`);
  for (const post of corpus.posts()) {
    if (!out.write(`${JSON.stringify(post)}\n`)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
  renameSync(`${path}.partial`, path);
  console.log(`Wrote ${POSTS.toLocaleString('en')} posts to ${path}.`);
}

function runImporter(importer: string, database: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [importer, file], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: database },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`the importer exited with ${code}:\n${output}`)),
    );
  });
}
