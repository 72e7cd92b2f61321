// `node --conditions=source --import tsx bench/src/build-stores.ts`: builds (or finds) the bench
// stores without measuring anything else, e.g. ahead of `npm run bench`. With PostgreSQL it is only
// useful together with BENCH_KEEP_POSTGRES=1, since the database is otherwise dropped at the end.
import { mkdirSync } from 'node:fs';
import { openPostgresStore, openSqliteStore } from './bench-store.js';
import { readBenchOptions } from './options.js';

const options = readBenchOptions();
mkdirSync(options.cacheDir, { recursive: true });
for (const dialect of options.dialects) {
  const store = dialect === 'sqlite' ? await openSqliteStore(options) : await openPostgresStore(options);
  console.log(JSON.stringify(store.facts, null, 2));
  await store.release();
}
