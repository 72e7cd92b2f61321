import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every knob of the speed benchmark, read once from the environment (the bench's counterpart of the
 * server's config.ts). Defaults are the full size the targets are stated for.
 */
export interface BenchOptions {
  posts: number;
  hashtags: number;
  places: number;
  profiles: number;
  /** Corpus seed, fixed so every run builds the same store. */
  seed: number;
  dialects: ('sqlite' | 'postgres')[];
  /** A PostgreSQL server URL; the bench creates and drops its own database on it. */
  postgresUrl: string;
  /** Where cached SQLite stores and result files live. */
  cacheDir: string;
  /** Keep the PostgreSQL bench database after the run (its name is printed). */
  keepPostgres: boolean;
  /** Seconds per autocannon round, rounds per measurement, connections. */
  loadSeconds: number;
  loadRounds: number;
  connections: number;
  /** Fresh posts sent through POST /api/cache/recommend per ingest measurement. */
  ingestPosts: number;
  /**
   * Scheduling priority of the bench's session: itself, its server and its load client (-20 to 19).
   * Negative values need root; on a machine other sessions keep busy, -10 keeps their work from
   * skewing the figures (see enterOwnSession).
   */
  nice: number;
  /**
   * A checkout of older code (BENCH_BASELINE, with node_modules): every HTTP load is also run on its
   * server, right after ours, so old and new are compared under the same conditions.
   */
  baselineDir: string | undefined;
  /** Which parts to run (BENCH_PARTS, comma-separated; all by default). */
  parts: Set<BenchPart>;
  /** Also overload the server on a cold page cache (BENCH_OVERLOAD_COLD=1; empties it, needs root). */
  overloadCold: boolean;
}

export const BENCH_PARTS = [
  'firehose',
  'service',
  'inject',
  'load',
  'screen',
  'suggest',
  'overload',
  'ingest',
  'standin',
] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

export function readBenchOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const posts = positive(env, 'BENCH_POSTS', 2_000_000);
  return {
    posts,
    hashtags: positive(env, 'BENCH_HASHTAGS', Math.round(posts / 2)),
    places: positive(env, 'BENCH_PLACES', 20_000),
    profiles: positive(env, 'BENCH_PROFILES', 100_000),
    seed: positive(env, 'BENCH_SEED', 1),
    dialects: dialectsOf(env.BENCH_DIALECTS ?? 'sqlite,postgres'),
    postgresUrl: env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    cacheDir: env.BENCH_CACHE_DIR ?? join(tmpdir(), 'tagscout-bench'),
    keepPostgres: env.BENCH_KEEP_POSTGRES === '1',
    loadSeconds: positive(env, 'BENCH_LOAD_SECONDS', 10),
    loadRounds: positive(env, 'BENCH_LOAD_ROUNDS', 3),
    connections: positive(env, 'BENCH_CONNECTIONS', 50),
    ingestPosts: positive(env, 'BENCH_INGEST_POSTS', 50_000),
    nice: niceOf(env.BENCH_NICE ?? '0'),
    baselineDir: env.BENCH_BASELINE || undefined,
    parts: partsOf(env.BENCH_PARTS ?? BENCH_PARTS.join(',')),
    overloadCold: env.BENCH_OVERLOAD_COLD === '1',
  };
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name}=${text} must be a positive whole number`);
  return value;
}

function niceOf(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < -20 || value > 19) {
    throw new Error(`BENCH_NICE=${text} must be a whole number from -20 to 19`);
  }
  return value;
}

function dialectsOf(text: string): BenchOptions['dialects'] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (name !== 'sqlite' && name !== 'postgres') {
      throw new Error(`BENCH_DIALECTS may list sqlite and postgres, not "${name}"`);
    }
  }
  return names as BenchOptions['dialects'];
}

function partsOf(text: string): Set<BenchPart> {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(BENCH_PARTS as readonly string[]).includes(name)) {
      throw new Error(`BENCH_PARTS may list ${BENCH_PARTS.join(', ')}, not "${name}"`);
    }
  }
  return new Set(names as BenchPart[]);
}
