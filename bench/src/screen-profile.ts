// `node --conditions=source --import tsx bench/src/screen-profile.ts`: issue 33's search-screen mix
// (screen-mix.ts) on a fresh server started with --cpu-prof, 8 s after a 2 s warm-up, then where the
// server's CPU went per request: self time by package or source folder, and the time under the
// functions named in STAGES. BENCH_POSTS picks the store as for `npm run bench`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from './bench-store.js';
import { measureLoad } from './http-load.js';
import { readBenchOptions } from './options.js';
import { enterOwnSession, startServer } from './processes.js';
import { drawScreenSamples, SCREEN_LOAD, screenMixPaths } from './screen-mix.js';
import { formatTable } from './stats.js';

/** Functions whose inclusive time is shown (the first frame of each on a stack counts). */
const STAGES = [
  'autocompleteHashtags',
  'findPrefixMatches',
  'findHashtagInfo',
  'findHashtagWithRelated',
  'computeRelated',
  'findRecentPosts',
  'computeRelatedTags',
  'rowsOf',
  'rowsOfIds',
  'serialize',
  'preValidation',
  'runPreParsing',
  'hookRunner',
  'onSendHookRunner',
  'parseOnlyValidateCore',
  'validate',
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount: number;
  children?: number[];
}

const options = readBenchOptions();
await enterOwnSession(options.nice);
const store = await openSqliteStore({ ...options, dialects: ['sqlite'] });
const paths = screenMixPaths(await drawScreenSamples(store.database));
const workDir = mkdtempSync(join(options.cacheDir, 'profile-'));
const profileDir = join(workDir, 'prof');
mkdirSync(profileDir);
await store.release();
const server = await startServer({
  file: 'apps/server/src/main.ts',
  nodeFlags: ['--max-semi-space-size=64', '--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  cpu: 0,
  env: {
    DATABASE_URL: store.url,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_CORPUS: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    CACHE_RATE_LIMIT_PER_MINUTE: '1000000000',
  },
});
let requests = 0;
try {
  const figures = await measureLoad({
    name: 'screen mix (profiled)',
    port: server.port,
    serverCpuSeconds: server.cpuSeconds,
    paths,
    workDir,
    rounds: 1,
    connections: options.connections,
    ...SCREEN_LOAD,
  });
  requests = figures.median.requests;
} finally {
  await server.stop();
}
const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('The server wrote no profile');
summarize(JSON.parse(readFileSync(join(profileDir, file), 'utf8')), requests, SCREEN_LOAD);
console.log(`Profile: ${join(profileDir, file)} (open in Chrome DevTools)`);

function summarize(
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] },
  requests: number,
  load: { seconds: number; warmupSeconds: number },
): void {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  // Each node's group (for self time) and the STAGES on its stack (for inclusive time).
  const groups = new Map<number, string>();
  const stages = new Map<number, ReadonlySet<string>>();
  const walk = (id: number, open: ReadonlySet<string>) => {
    const node = nodes.get(id)!;
    const stage = STAGES.find((entry) => node.callFrame.functionName === entry);
    const inside = stage && !open.has(stage) ? new Set([...open, stage]) : open;
    groups.set(id, groupOf(node.callFrame));
    stages.set(id, inside);
    for (const child of node.children ?? []) walk(child, inside);
  };
  walk(profile.nodes[0]!.id, new Set());
  // From the first request on (the warm-up's included): the server's start-up is left out.
  let time = 0;
  const times = profile.timeDeltas.map((delta) => (time += delta));
  const first = profile.samples.findIndex((id) => stages.get(id)!.has('autocompleteHashtags'));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (let i = Math.max(0, first); i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    const micros = (times[i + 1] ?? times[i]!) - times[i]!;
    const group = groups.get(id)!;
    self.set(group, (self.get(group) ?? 0) + micros);
    if (group !== '(idle)') busy += micros;
    for (const stage of stages.get(id)!) inclusive.set(stage, (inclusive.get(stage) ?? 0) + micros);
  }
  // Requests are the measured round's; the time also holds the warm-up's (scaled by its share).
  const share = load.seconds / (load.seconds + load.warmupSeconds);
  const perRequest = (micros: number) => (micros * share) / requests;
  console.log(
    `\n${requests.toLocaleString('en')} requests measured; the server busy ${((busy * share) / 1e6).toFixed(2)} s of their ${load.seconds} s: ` +
      `${perRequest(busy).toFixed(0)} µs a request`,
  );
  const rows = (map: Map<string, number>) =>
    [...map]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([name, micros]) => [
        name,
        perRequest(micros).toFixed(1),
        `${((100 * micros) / busy).toFixed(1)}%`,
      ]);
  console.log(formatTable(['self time in', 'µs/request', 'share'], rows(self)));
  console.log(formatTable(['under (synchronous part)', 'µs/request', 'share'], rows(inclusive)));
}

/** A frame's package (node_modules), source folder of ours, Node's internals or V8's own entries. */
function groupOf(frame: { functionName: string; url: string }): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1]!;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const ours = /\/(apps\/\w+\/src\/(?:features\/)?[\w-]+|packages\/\w+\/src\/[\w-]+)/.exec(url);
  return ours ? ours[1]! : url;
}
