import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import { generateCorpus } from '@tagscout/corpus';
import { connectDatabase, type Database, migrateToLatest, type Tables } from '@tagscout/server/db';
import {
  type IncomingPost,
  type IngestBatch,
  preparePosts,
  type StoreOptions,
  storeIngest,
  toPlace,
  toProfile,
} from '@tagscout/server/hashtags';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { BenchOptions } from './options.js';
import { shareOwnPriorityWithPostgres } from './processes.js';

/** What building the store measured, kept beside the cached store. */
export interface StoreFacts {
  dialect: 'sqlite' | 'postgres';
  posts: number;
  skipped: number;
  hashtags: number;
  links: number;
  /** The tag with the most posts in the store, and how many. */
  mostUsedTag: { name: string; posts: number };
  /** Posts phase: posts per second of the whole loop (generation included), and of storeIngest alone. */
  ingest: { wallPostsPerSecond: number; storePostsPerSecond: number; seconds: number };
  buildSeconds: number;
  sizeBytes: number;
  builtAt: string;
}

export interface BenchStore {
  database: Database;
  url: string;
  facts: StoreFacts;
  /** Closes the connection (and drops the PostgreSQL database unless asked to keep it). */
  release(): Promise<void>;
}

/** Batches of 50,000 posts, one transaction each: what the importer and the corpus seeding use. */
const BATCH = 50_000;
/** Fixed, so the cached store is the same on every machine. */
const CORPUS_NOW = Date.UTC(2026, 9, 1);

function sqliteStoreName(options: BenchOptions): string {
  return `sqlite-${options.posts}p-${options.hashtags}h-s${options.seed}`;
}

/**
 * Copies the cached SQLite store (built by `npm run bench`) to `<its name>-<label>.db` beside it, by
 * SQLite's backup, and returns the copy's path. Throws when no store is cached.
 */
export async function copyCachedSqliteStore(options: BenchOptions, label: string): Promise<string> {
  const name = sqliteStoreName(options);
  const source = join(options.cacheDir, `${name}.db`);
  if (!existsSync(source)) throw new Error(`No cached store at ${source}: run npm run bench first`);
  const copy = join(options.cacheDir, `${name}-${label}.db`);
  const original = connectDatabase(source);
  try {
    await original.sqlite!.backup(copy);
  } finally {
    await original.close();
  }
  // On disk before it is used, so that writing the copy back does not fall inside a timed run.
  const file = openSync(copy, 'r+');
  try {
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
  return copy;
}

/** Deletes a SQLite file and its -wal and -shm files. */
export function removeSqliteFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

export async function openSqliteStore(options: BenchOptions): Promise<BenchStore> {
  const name = sqliteStoreName(options);
  const url = join(options.cacheDir, `${name}.db`);
  const factsFile = join(options.cacheDir, `${name}.json`);
  if (existsSync(url) && existsSync(factsFile)) {
    console.log(`Using the cached SQLite store ${url} (delete it to rebuild).`);
    const database = connectDatabase(url);
    await migrateToLatest(database);
    const facts = JSON.parse(readFileSync(factsFile, 'utf8')) as StoreFacts;
    return { database, url, facts, release: () => database.close() };
  }
  removeSqliteFiles(url);
  console.log(`Building the SQLite store ${url}...`);
  const database = connectDatabase(url);
  await migrateToLatest(database);
  const sqlite = database.sqlite!;
  const facts = await fillStore(database, options, async (text) => sqlite.prepare(text).all());
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  facts.sizeBytes = statSync(url).size;
  writeFileSync(factsFile, `${JSON.stringify(facts, null, 2)}\n`);
  return { database, url, facts, release: () => database.close() };
}

/**
 * Creates tagscout_bench_<random> on the server and fills it; release() drops it. With
 * BENCH_KEEP_POSTGRES=1 it is kept instead, and the next run with that setting reuses it.
 */
export async function openPostgresStore(options: BenchOptions): Promise<BenchStore> {
  const factsFile = join(
    options.cacheDir,
    `postgres-${options.posts}p-${options.hashtags}h-s${options.seed}.json`,
  );
  const kept = options.keepPostgres ? await findKeptDatabase(options, factsFile) : undefined;
  const name = kept?.name ?? `tagscout_bench_${Math.random().toString(36).slice(2, 10)}`;
  if (!kept) await adminQuery(options, `create database ${name}`);
  const url = new URL(options.postgresUrl);
  url.pathname = `/${name}`;
  console.log(
    kept
      ? `Using the kept PostgreSQL database ${name} (BENCH_KEEP_POSTGRES=1).`
      : `Building the PostgreSQL store in database ${name}...`,
  );
  const database = connectDatabase(url.toString(), (message, error) => console.error(message, error));
  const restorePriority = await shareOwnPriorityWithPostgres(database.pool!, options.nice);
  const release = async () => {
    await database.close();
    restorePriority();
    if (options.keepPostgres) {
      console.log(
        `Kept the PostgreSQL database ${name} (BENCH_KEEP_POSTGRES=1; unset it to drop it next time).`,
      );
      return;
    }
    await adminQuery(options, `drop database if exists ${name} with (force)`);
    rmSync(factsFile, { force: true });
    console.log(`Dropped the PostgreSQL database ${name}.`);
  };
  try {
    await migrateWithoutTimeout(url.toString());
    if (kept) return { database, url: url.toString(), facts: kept.facts, release };
    // The app's pool stops statements after 5 s; counting 20 million links takes longer.
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let facts: StoreFacts;
    try {
      facts = await fillStore(database, options, async (text) => (await client.query(text)).rows);
      // What autovacuum does shortly after a bulk load, done now so every run starts from the same state.
      await client.query('vacuum analyze');
      const size = await client.query('select pg_database_size(current_database()) as size');
      facts.sizeBytes = Number(size.rows[0]?.size ?? 0);
    } finally {
      await client.end();
    }
    writeFileSync(factsFile, `${JSON.stringify({ name, facts }, null, 2)}\n`);
    return { database, url: url.toString(), facts, release };
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * The app's migrations, on a pool without the app's 5 s statement timeout: on a store of this size a
 * migration that copies or indexes a big table takes longer, and through the app's pool it fails.
 */
async function migrateWithoutTimeout(url: string): Promise<void> {
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  const started = performance.now();
  try {
    await migrateToLatest({ db, dialect: 'postgres', close: async () => {} });
    console.log(`  migrations up to date in ${seconds(started)} s`);
  } finally {
    await db.destroy();
  }
}

async function findKeptDatabase(
  options: BenchOptions,
  factsFile: string,
): Promise<{ name: string; facts: StoreFacts } | undefined> {
  if (!existsSync(factsFile)) return undefined;
  const kept = JSON.parse(readFileSync(factsFile, 'utf8')) as { name: string; facts: StoreFacts };
  const rows = await adminQuery(options, `select 1 from pg_database where datname = '${kept.name}'`);
  return rows.length > 0 ? kept : undefined;
}

async function adminQuery(options: BenchOptions, text: string): Promise<unknown[]> {
  const admin = new pg.Client({ connectionString: options.postgresUrl });
  await admin.connect();
  try {
    return (await admin.query(text)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * Loads the generated corpus through storeIngest, each batch with its links (the importer and the
 * sample's seeding defer the links: ingest-experiment.ts row 2 measures their path).
 */
async function fillStore(database: Database, options: BenchOptions, query: RawQuery): Promise<StoreFacts> {
  const started = performance.now();
  const corpus = generateCorpus({
    seed: options.seed,
    posts: options.posts,
    hashtags: options.hashtags,
    places: options.places,
    profiles: options.profiles,
    now: CORPUS_NOW,
  });
  console.log(
    `  corpus planned in ${seconds(started)} s: ${corpus.hashtags.length.toLocaleString('en')} hashtags, ` +
      `${corpus.places.length.toLocaleString('en')} places, ${corpus.profiles.length.toLocaleString('en')} profiles`,
  );
  const storeOptions: StoreOptions = { tagIds: new Map() };
  const now = Date.now();
  const store = (batch: Omit<IngestBatch, 'network' | 'source' | 'now'>) =>
    storeIngest(database, { ...batch, network: 'sample', source: 'sample', now }, storeOptions);

  const itemsStarted = performance.now();
  for (const chunk of chunksOf(corpus.hashtags, BATCH)) {
    const hashtags = chunk.flatMap((tag) => {
      const name = normalizeHashtag(tag.hashtag);
      return name === null ? [] : [{ name, count: tag.count }];
    });
    await store({ hashtags });
  }
  for (const chunk of chunksOf(corpus.places, BATCH)) {
    await store({ places: chunk.map((place) => toPlace(place)) });
  }
  for (const chunk of chunksOf(corpus.profiles, BATCH)) {
    await store({
      profiles: chunk.map((profile) => toProfile({ ...profile, username: profile.username.toLowerCase() })),
    });
  }
  console.log(`  hashtags, places and profiles stored in ${seconds(itemsStarted)} s`);

  const postsStarted = performance.now();
  let storing = 0;
  let posts = 0;
  let skipped = 0;
  let nextReport = 100_000;
  let batch: IncomingPost[] = [];
  const flush = async () => {
    const storeStarted = performance.now();
    const prepared = preparePosts(batch);
    await store({ posts: prepared.posts });
    storing += performance.now() - storeStarted;
    posts += prepared.posts.length;
    skipped += prepared.skipped;
    batch = [];
    if (posts >= nextReport) {
      const elapsed = (performance.now() - postsStarted) / 1000;
      console.log(
        `  ${posts.toLocaleString('en')} / ${options.posts.toLocaleString('en')} posts, ` +
          `${Math.round(posts / elapsed).toLocaleString('en')} posts/s (storeIngest alone ` +
          `${Math.round(posts / (storing / 1000)).toLocaleString('en')} posts/s)`,
      );
      nextReport += 100_000;
    }
  };
  for (const post of corpus.posts()) {
    batch.push(post);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  const postsSeconds = (performance.now() - postsStarted) / 1000;

  const counted = await countStore(query);
  return {
    dialect: database.dialect,
    posts,
    skipped,
    hashtags: counted.hashtags,
    links: counted.links,
    mostUsedTag: counted.mostUsedTag,
    ingest: {
      wallPostsPerSecond: Math.round(posts / postsSeconds),
      storePostsPerSecond: Math.round(posts / (storing / 1000)),
      seconds: Math.round(postsSeconds * 10) / 10,
    },
    buildSeconds: Math.round((performance.now() - started) / 100) / 10,
    sizeBytes: 0,
    builtAt: new Date().toISOString(),
  };
}

/** Plain SQL run outside the app's pool (its statement timeout is too short for counting). */
type RawQuery = (text: string) => Promise<unknown[]>;

export async function countStore(query: RawQuery) {
  const number = async (text: string) => Number(((await query(text))[0] as { n: number }).n);
  const top = (await query(
    'select hashtag_id, count(*) as n from post_hashtags group by hashtag_id order by n desc limit 1',
  )) as { hashtag_id: number; n: number }[];
  const [name] = (await query(`select name from hashtags where id = ${Number(top[0]!.hashtag_id)}`)) as {
    name: string;
  }[];
  return {
    hashtags: await number('select count(*) as n from hashtags'),
    links: await number('select count(*) as n from post_hashtags'),
    mostUsedTag: { name: name!.name, posts: Number(top[0]!.n) },
  };
}

function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}
