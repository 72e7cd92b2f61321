// `node --conditions=source --import tsx bench/src/screen-first-time.ts`: what a fresh server pays in
// the search screen's mix (screen-mix.ts) before its caches hold the answers: every related list the
// mix opens and every autocomplete prefix it types, asked once in-process with the product's caches
// (as related/related.context.ts sets them up), then asked again. BENCH_POSTS picks the store as for
// `npm run bench`.
import { loadavg } from 'node:os';
import { autocompleteHashtags, createHashtagContext, findHashtagInfo } from '@tagscout/server/hashtags';
import { openSqliteStore } from './bench-store.js';
import { readBenchOptions } from './options.js';
import { enterOwnSession } from './processes.js';
import { drawScreenSamples, screenMixPaths } from './screen-mix.js';
import { formatTable } from './stats.js';
import { APP_SETTINGS } from './suggest-latency.js';

const AUTOCOMPLETE_PATH = '/api/autocomplete/hashtag/';

const options = readBenchOptions();
await enterOwnSession(options.nice);
const store = await openSqliteStore({ ...options, dialects: ['sqlite'] });
const samples = await drawScreenSamples(store.database);
const prefixes = [
  ...new Set(
    screenMixPaths(samples)
      .filter((path) => path.startsWith(AUTOCOMPLETE_PATH))
      .map((path) => decodeURIComponent(path.slice(AUTOCOMPLETE_PATH.length).split('?')[0]!)),
  ),
];
const context = createHashtagContext(store.database, APP_SETTINGS);

const rows: string[][] = [];
async function measure(name: string, inputs: string[], call: (input: string) => Promise<unknown>) {
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  for (const input of inputs) await call(input);
  const wallUs = (performance.now() - startedAt) * 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuUs = cpu.user + cpu.system;
  rows.push([
    name,
    inputs.length.toLocaleString('en'),
    (wallUs / inputs.length).toFixed(0),
    (cpuUs / inputs.length).toFixed(0),
    (cpuUs / 1e6).toFixed(2),
  ]);
}

try {
  const related = (name: string) => findHashtagInfo(context, { names: name, recommended: true });
  const autocomplete = (query: string) => autocompleteHashtags(context, { query });
  await measure('related list, first time', samples.opened, related);
  await measure('related list, asked again', samples.opened, related);
  await measure('autocomplete prefix, first time', prefixes, autocomplete);
  await measure('autocomplete prefix, asked again', prefixes, autocomplete);
} finally {
  await context.postTracker.stop();
  await store.release();
}
console.log(`\nThe screen mix's answers in-process (load average ${loadavg()[0]!.toFixed(1)}):`);
console.log(formatTable(['asked', 'calls', 'µs a call', 'CPU µs a call', 'CPU s in all'], rows));
