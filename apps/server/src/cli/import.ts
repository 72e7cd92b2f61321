// `npm run import -- [posts.jsonl] [--network NAME] [--counts counts.jsonl] [--source NAME]`: imports
// real posts, one JSON object a line ({"post_id","owner","timestamp","hashtags":[...]} or "caption"
// instead of "hashtags", "place_id" when known) on the network named (instagram when left out), and
// tag counts ({"hashtag","count","network"}, network
// instagram when left out), into the store at DATABASE_URL. Both are trusted and served as they are.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isNetwork, NETWORKS, Network } from '@tagscout/core/networks';
import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { importCountsFile } from '../features/store/import-counts.js';
import { IMPORT_SOURCE, importPostsFile } from '../features/store/import-posts.js';

const USAGE = `Usage: npm run import -- [posts.jsonl] [--network ${NETWORKS.join('|')}] [--counts counts.jsonl] [--source NAME]`;
const MAX_REPORTED_LINES = 100;

async function main(args: string[]): Promise<number> {
  const { file, counts, source, network } = parseArguments(args);
  if (!file && !counts) {
    console.error(USAGE);
    return 2;
  }
  if (!isNetwork(network)) {
    console.error(`Unknown network "${network}": use one of ${NETWORKS.join(', ')}.\n${USAGE}`);
    return 2;
  }
  const paths = [file, counts]
    .filter((path): path is string => path !== undefined)
    .map((path) => resolve(path));
  const missing = paths.find((path) => !existsSync(path));
  if (missing) {
    console.error(`No such file: ${missing}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = connectDatabase(config.DATABASE_URL, (message, error) => console.error(message, error), {
    sqliteMmapMb: config.SQLITE_MMAP_MB,
  });
  try {
    await migrateToLatest(database);
    const into = database.dialect === 'sqlite' ? config.DATABASE_URL : 'PostgreSQL';
    if (file) {
      const path = resolve(file);
      console.log(`Importing ${network} posts from ${path} into ${into}...`);
      const report = await importPostsFile(database, {
        file: path,
        network,
        source,
        onBadLine: badLineReporter(),
        now: config.now,
      });
      const skipped = report.badLines + report.tooFewTags;
      console.log(
        `Imported ${report.imported.toLocaleString('en')} ${report.imported === 1 ? 'post' : 'posts'}, ` +
          `skipped ${skipped.toLocaleString('en')} ` +
          `(${report.badLines} bad lines, ${report.tooFewTags} with fewer than 2 hashtags) ` +
          `in ${report.seconds.toFixed(1)} s: ${report.postsPerSecond.toLocaleString('en')} posts/s`,
      );
    }
    if (counts) {
      const path = resolve(counts);
      console.log(`Importing counts from ${path} into ${into}...`);
      const report = await importCountsFile(database, {
        file: path,
        source,
        onBadLine: badLineReporter(),
        now: config.now,
      });
      console.log(
        `Imported ${report.imported.toLocaleString('en')} ${report.imported === 1 ? 'count' : 'counts'}, ` +
          `skipped ${report.badLines.toLocaleString('en')} bad lines in ${report.seconds.toFixed(1)} s`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** Prints the first bad lines of a file, then only says more follow. */
function badLineReporter(): (message: string) => void {
  let reported = 0;
  return (message) => {
    reported++;
    if (reported <= MAX_REPORTED_LINES) console.error(`Skipped ${message}`);
    if (reported === MAX_REPORTED_LINES + 1)
      console.error('More bad lines follow; only the count is shown now.');
  };
}

function parseArguments(args: string[]): { file?: string; counts?: string; source: string; network: string } {
  let file: string | undefined;
  let counts: string | undefined;
  let source = IMPORT_SOURCE;
  let network: string = Network.instagram;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--source') source = args[++i] ?? IMPORT_SOURCE;
    else if (arg.startsWith('--source=')) source = arg.slice('--source='.length);
    else if (arg === '--counts') counts = args[++i];
    else if (arg.startsWith('--counts=')) counts = arg.slice('--counts='.length);
    else if (arg === '--network') network = args[++i] ?? '';
    else if (arg.startsWith('--network=')) network = arg.slice('--network='.length);
    else file ??= arg;
  }
  return { file, counts, source, network };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Import failed: ${String(error)}`);
    process.exit(1);
  },
);
