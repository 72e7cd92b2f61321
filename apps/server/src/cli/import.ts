// `npm run import -- posts.jsonl [--source NAME]`: imports real posts, one JSON object a line
// ({"post_id","owner","timestamp","hashtags":[...]} or "caption" instead of "hashtags", "place_id"
// when known), into the store at DATABASE_URL.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { IMPORT_SOURCE, importPostsFile } from '../features/hashtags/import-posts.js';

const USAGE = 'Usage: npm run import -- <posts.jsonl> [--source NAME]';
const MAX_REPORTED_LINES = 100;

async function main(args: string[]): Promise<number> {
  const { file, source } = parseArguments(args);
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  const path = resolve(file);
  if (!existsSync(path)) {
    console.error(`No such file: ${path}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = connectDatabase(config.DATABASE_URL, (message, error) => console.error(message, error));
  try {
    await migrateToLatest(database);
    console.log(
      `Importing ${path} into ${database.dialect === 'sqlite' ? config.DATABASE_URL : 'PostgreSQL'}...`,
    );
    let reported = 0;
    const report = await importPostsFile(database, {
      file: path,
      source,
      onBadLine: (message) => {
        reported++;
        if (reported <= MAX_REPORTED_LINES) console.error(`Skipped ${message}`);
        if (reported === MAX_REPORTED_LINES + 1)
          console.error('More bad lines follow; only the count is shown now.');
      },
    });
    const skipped = report.badLines + report.tooFewTags;
    console.log(
      `Imported ${report.imported.toLocaleString('en')} ${report.imported === 1 ? 'post' : 'posts'}, ` +
        `skipped ${skipped.toLocaleString('en')} ` +
        `(${report.badLines} bad lines, ${report.tooFewTags} with fewer than 2 hashtags) ` +
        `in ${report.seconds.toFixed(1)} s: ${report.postsPerSecond.toLocaleString('en')} posts/s`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

function parseArguments(args: string[]): { file?: string; source: string } {
  let file: string | undefined;
  let source = IMPORT_SOURCE;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--source') source = args[++i] ?? IMPORT_SOURCE;
    else if (arg.startsWith('--source=')) source = arg.slice('--source='.length);
    else file ??= arg;
  }
  return { file, source };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Import failed: ${String(error)}`);
    process.exit(1);
  },
);
