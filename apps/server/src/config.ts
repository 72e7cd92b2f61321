import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '@tagscout/core/limits';
import { NETWORKS, parseNetworkOrder } from '@tagscout/core/networks';
import { PUBLIC_JETSTREAM_URLS } from '@tagscout/sources/bluesky';
import type { Clock as SourceClock } from '@tagscout/sources/source';
import { z } from 'zod';
import { isProxyAddress } from './client-address.js';
import { type Clock, realClock } from './clock.js';
import { DEFAULT_SQLITE_MMAP_MB, isPostgresUrl } from './db/connect.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .min(1, 'must not be empty')
    .default(join(repoRoot, 'data', 'tagscout.db')),
  /** Megabytes of a SQLite store read through memory mapping (decision 036); 0 reads through SQLite's own cache only. */
  SQLITE_MMAP_MB: z.coerce
    .number()
    .int()
    .min(0, 'must be 0 (off) or more megabytes')
    .default(DEFAULT_SQLITE_MMAP_MB),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive('must be a positive whole number').default(1000),
  /** Server processes `npm start` runs (node:cluster); unset: 1 on SQLite, one per core on PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1, 'must be 1 or more processes').max(64).optional(),
  // Whose X-Forwarded-For to believe: the proxies' addresses and ranges, or a number of hops (trusted
  // only from a loopback or private address; client-address.ts). Never "true": anyone could forge it.
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((text, context): number | string[] => {
      const setting = text.trim();
      if (/^\d+$/.test(setting)) return Number(setting);
      const entries = setting
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      if (entries.length === 0 || /^(true|false)$/i.test(setting)) {
        context.addIssue({
          code: 'custom',
          message:
            "must be the number of proxy hops or the proxies' addresses and ranges (such as 10.0.0.1,192.168.0.0/16)",
        });
        return z.NEVER;
      }
      const wrong = entries.filter((entry) => !isProxyAddress(entry));
      if (wrong.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `names ${wrong.join(', ')}, which are not addresses or ranges (such as 10.0.0.1, 10.0.0.0/8, 2001:db8::/32, loopback)`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  WEB_DIST: z
    .string()
    .min(1)
    .default(join(repoRoot, 'apps', 'web', 'dist')),
  /** Read by the seed step before the server starts (cli/seed-sample.ts), never by the server. */
  SEED_CORPUS: booleanText.default(true),
  /** Answer 503 when the event loop is saturated (docs/security-policy.md#load-shedding); tests of features turn it off. */
  LOAD_SHEDDING: booleanText.default(true),
  // Networks (decision 012): a request naming no network is answered from the first of these
  // that holds data.
  DEFAULT_NETWORK: z
    .string()
    .default('bluesky,instagram,sample')
    .transform((text, context) => {
      const parsed = parseNetworkOrder(text);
      const problem =
        'unknown' in parsed
          ? `names ${parsed.unknown.join(', ')}, which is not a network`
          : parsed.order.length === 0
            ? 'must name at least one network'
            : undefined;
      if (problem || 'unknown' in parsed) {
        context.addIssue({ code: 'custom', message: `${problem}; the networks are ${NETWORKS.join(', ')}` });
        return z.NEVER;
      }
      return parsed.order;
    }),
  RELATED_POST_WINDOW: z.coerce.number().int().min(10).max(5000).default(500),
  /** Related lists are kept this long at most (decision 016); 0 computes every answer. */
  RELATED_CACHE_SECONDS: z.coerce.number().int().min(0, 'must be 0 (off) or more seconds').default(60),
  RELATED_CACHE_ENTRIES: z.coerce.number().int().min(0, 'must be 0 (off) or more lists').default(20_000),
  /** How often each process reads new posts for its related caches, in the background; 0 on each request (decision 016). */
  RELATED_CACHE_RECHECK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Autocomplete answers are kept this long at most (decision 019); 0 reads every answer from the store. */
  AUTOCOMPLETE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  AUTOCOMPLETE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(20_000),
  /** Tags' rows (counts, the tag typed in full) kept per process (decision 020); 0 reads every one from the store. */
  TAG_CACHE_ENTRIES: z.coerce.number().int().min(0, 'must be 0 (off) or more tags').default(200_000),
  BANNED_TAGS_FILE: z
    .string()
    .min(1)
    .default(join(repoRoot, 'apps', 'server', 'banned-tags.txt')),
  CACHE_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive('must be a positive whole number')
    .default(120),
  // Crowd reports need agreement (decision 011): a count devices report is served once CROWD_QUORUM
  // accounts from different addresses agree within CROWD_TOLERANCE (a share of their median), counting
  // reports from the last CROWD_REPORT_DAYS days.
  CROWD_QUORUM: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(3),
  CROWD_TOLERANCE: z.coerce
    .number({ error: 'must be a number such as 0.1' })
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .default(0.1),
  CROWD_REPORT_DAYS: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').default(30),
  // Independent reporters (decision 025): accounts younger than this do not count toward agreement.
  CROWD_MIN_ACCOUNT_AGE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0, 'must be 0 or more hours')
    .default(24),
  // People, not posts (decision 025): each author (a crowd post's account) weighs at most
  // RELATED_POSTS_PER_AUTHOR posts in an item's related window.
  RELATED_POSTS_PER_AUTHOR: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .default(LIMITS.relatedPostsPerAuthor),
  // Live sources (decision 010): with MASTODON_URL set, tags the store lacks are fetched from that
  // instance in the background, at most one request per SOURCE_INTERVAL_MS, and every
  // SOURCE_SEED_MINUTES (0 = never) the BG_SEED_SEARCHES most-searched tags are refreshed.
  MASTODON_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://mastodon.social' })
    .optional(),
  // An access token of an account on that instance (read scope is enough): instances that keep tag
  // timelines for signed-in users then give posts too. Without it they give counts only.
  MASTODON_ACCESS_TOKEN: z
    .string()
    .trim()
    .regex(/^[\w.~+/=-]{8,512}$/, 'must be the token shown under Preferences > Development on the instance')
    .optional(),
  // The Bluesky firehose (decision 013): Jetstream instances, tried in turn (empty: off), and how
  // long stored posts are kept (daily counts are kept a year).
  BLUESKY_JETSTREAM_URL: z
    .string()
    .default(PUBLIC_JETSTREAM_URLS.join(','))
    .transform((text, context) => {
      const urls = text
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== '');
      const wrong = urls.filter((url) => !/^wss?:\/\/[^/\s]+/.test(url) || !URL.canParse(url));
      if (wrong.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `must be comma-separated ws:// or wss:// URLs such as ${PUBLIC_JETSTREAM_URLS[0]} (or empty to switch it off); not ${wrong.join(', ')}`,
        });
        return z.NEVER;
      }
      return urls;
    }),
  // Your own posts (issue 34 §2, decision 031): the public AppView a connected Bluesky handle's posts
  // and counts are read from (no login), and whether Mastodon addresses may name local hosts over
  // http (development and tests only: the server fetches the instance a user names).
  BLUESKY_APPVIEW_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://public.api.bsky.app' })
    .default('https://public.api.bsky.app')
    .transform((url) => url.replace(/\/+$/, '')),
  MASTODON_ALLOW_LOCAL_INSTANCES: booleanText.default(false),
  BLUESKY_RETENTION_DAYS: z.coerce
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be between 1 and 3650 days')
    .max(3650, 'must be between 1 and 3650 days')
    .default(30),
  SOURCE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0, 'must be 0 or more milliseconds')
    .default(LIMITS.networkRateLimitMs),
  // Device reports of failed calls raise the admins' alerts only once this many signed-in accounts
  // report the same failure within 15 minutes (decision 017).
  DEVICE_REPORT_QUORUM: z.coerce.number().int().min(1, 'must be 1 or more accounts').max(100).default(3),
  SOURCE_SEED_MINUTES: z.coerce.number().int().min(0, 'must be 0 (off) or more minutes').default(60),
  BG_SEED_SEARCHES: z.coerce
    .number()
    .int()
    .min(
      LIMITS.bgSeedSearchesMin,
      `must be between ${LIMITS.bgSeedSearchesMin} and ${LIMITS.bgSeedSearchesMax}`,
    )
    .max(
      LIMITS.bgSeedSearchesMax,
      `must be between ${LIMITS.bgSeedSearchesMin} and ${LIMITS.bgSeedSearchesMax}`,
    )
    .default(LIMITS.bgSeedSearchesDefault),
  // Accounts (decision 007). None is required: without AUTH_SECRET/CODE_PEPPER a random one is made
  // on first start and kept in the settings table; without SMTP_URL mail goes to the outbox and log.
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CODE_PEPPER: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url('must be a URL such as https://tagscout.example').optional(),
  TRUSTED_ORIGINS: z.string().default('capacitor://localhost,https://localhost'),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Tagscout <no-reply@tagscout.local>'),
  EXPOSE_OUTBOX: booleanText.default(false),
  // Sign-ups and email trials (each makes an account) per client address (an IPv6 client's /64) and
  // per network (a /24, an IPv6 /48) an hour (decision 025).
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce
    .number()
    .int()
    .positive('must be a positive whole number')
    .default(5),
  SIGNUPS_PER_NETWORK_PER_HOUR: z.coerce
    .number()
    .int()
    .positive('must be a positive whole number')
    .default(20),
  /** POST /api/dev/clock moves the server's clock forward (browser tests); refused beside real users' settings. */
  EXPOSE_CLOCK: booleanText.default(false),
  REDIS_URL: z.string().min(1).optional(),
  COUNTDOWN_DATE: z.string().min(1).optional(),
  DEFAULT_PROMO_CODE: z.string().min(1).max(50).default('TRIAL7'),
  PROMO_CODES: z
    .string()
    .regex(
      /^([^:,\s]+:\d+(\.\d+)?)(,[^:,\s]+:\d+(\.\d+)?)*$/,
      'must be CODE:days pairs, e.g. TRIAL7:7,PRO30:30',
    )
    .default('TRIAL7:7,TRIAL30:30'),
  ADMIN_BILLING_MARKER: z.string().min(1).optional(),
  // Prospecting (decision 008): scheduled runs of every active quarry (0 = only "Run now"), the
  // allowance per account and 30-day period, and the BullMQ key prefix used when REDIS_URL is set.
  PROSPECTING_SCHEDULE_MINUTES: z.coerce.number().int().min(0, 'must be 0 (off) or more minutes').default(60),
  PROSPECTING_POSTS_PER_PERIOD: z.coerce
    .number()
    .int()
    .positive('must be a positive whole number')
    .default(100_000),
  PROSPECTING_PROSPECTS_PER_PERIOD: z.coerce
    .number()
    .int()
    .positive('must be a positive whole number')
    .default(10_000),
  JOB_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'may contain only letters, digits and _ . : -')
    .default('tagscout'),
  // Billing and the apps (decision 009). `local` needs nothing: its webhook secret is made on first
  // start and kept in the settings table. `stripe` needs the key, the webhook secret and the prices.
  // Unset: `local` when browsers reach the server at a loopback address (PUBLIC_URL, else HOST, with no
  // proxy), else `none` (billing/public-address.ts decides).
  BILLING_PROVIDER: z.enum(['local', 'stripe', 'none']).optional(),
  LOCAL_BILLING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_ANNUAL: z.string().min(1).optional(),
  STRIPE_PRICE_ANNUAL_SPECIAL: z.string().min(1).optional(),
  STRIPE_API_URL: z.url('must be a URL such as http://127.0.0.1:12111').optional(),
  APPLE_BUNDLE_ID: z.string().min(1).default('com.tagscout.app'),
  APPLE_APP_APPLE_ID: z.coerce.number().int().positive().optional(),
  APPLE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Production'),
  APPLE_ROOT_CERTIFICATES: z.string().min(1).optional(),
  APPLE_ONLINE_CHECKS: booleanText.default(true),
  GOOGLE_PLAY_PACKAGE_NAME: z.string().min(1).default('com.tagscout.app'),
  GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  GOOGLE_PLAY_API_URL: z.url().default('https://androidpublisher.googleapis.com'),
  APP_MINIMUM_VERSION: z
    .string()
    .regex(/^\d+(\.\d+)*$/, 'must be a version such as 2.1.33')
    .optional(),
  APP_STORE_URL: z.url().default('https://apps.apple.com/app/tagscout/id0000000000'),
  PLAY_STORE_URL: z.url().default('https://play.google.com/store/apps/details?id=com.tagscout.app'),
  WEB_APP_ONLY: booleanText.default(false),
});

/** The settings checked against each other. */
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  if (env.SIGNUPS_PER_NETWORK_PER_HOUR < env.SIGNUPS_PER_ADDRESS_PER_HOUR) {
    context.addIssue({
      code: 'custom',
      path: ['SIGNUPS_PER_NETWORK_PER_HOUR'],
      message: `must be at least SIGNUPS_PER_ADDRESS_PER_HOUR (${env.SIGNUPS_PER_ADDRESS_PER_HOUR})`,
    });
  }
});

export type Config = Omit<z.infer<typeof EnvSchema>, 'WEB_CONCURRENCY'> & {
  /** Resolved: WEB_CONCURRENCY, or its default for the database. */
  WEB_CONCURRENCY: number;
  version: string;
  /**
   * The server clock in epoch ms, the one every feature reads (trial expiry, codes, throttles, sessions,
   * caches, stored timestamps): real time (clock.ts) unless a test passes its own; buildApp moves it
   * forward on POST /api/dev/clock when EXPOSE_CLOCK is on.
   */
  now: Clock;
  /** The live sources' timers (rate limiter, back-off, block flags); tests pass a fake one. Else `now` and real sleeps. */
  sourceClock?: SourceClock;
  /** The firehose consumer's timings; tests shorten them. */
  firehoseTuning?: Partial<FirehoseTuning>;
};

export interface FirehoseTuning {
  /** How often a process without the consumer lock tries to take it. */
  lockRetryMs: number;
  /** How often the consumer prunes and refreshes counts in the background. */
  maintenanceMs: number;
  /** First reconnection delay (doubling up to a minute). */
  reconnectMs: number;
  batchMaxWaitMs: number;
  /** Events per stored batch at most: a catch-up stores this many per transaction. */
  batchMaxEvents: number;
}

export class ConfigError extends Error {}

/** The only place that reads process.env. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = CheckedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}=${JSON.stringify(env[name] ?? '')} ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const data = parsed.data;
  const isPostgres = isPostgresUrl(data.DATABASE_URL);
  const processes = data.WEB_CONCURRENCY ?? (isPostgres ? availableParallelism() : 1);
  const config = { ...data, WEB_CONCURRENCY: processes, version: appVersion(), ...overrides };
  const now = overrides.now ?? realClock;
  refuseMovableClockBesideUsers(config);
  return { ...config, now };
}

/**
 * A clock anyone on the machine can move would end real trials and codes early: EXPOSE_CLOCK is for a
 * development server only, so it is refused with settings that serve real people or money, and with
 * several processes (each would keep its own offset).
 */
function refuseMovableClockBesideUsers(config: Omit<Config, 'now'>): void {
  if (!config.EXPOSE_CLOCK) return;
  const conflicts = [
    config.SMTP_URL && 'SMTP_URL is set (mail goes to real people)',
    config.BILLING_PROVIDER === 'stripe' && 'BILLING_PROVIDER=stripe (real payments)',
    config.PUBLIC_URL &&
      !isLoopbackUrl(config.PUBLIC_URL) &&
      `PUBLIC_URL=${config.PUBLIC_URL} is not this machine`,
    config.WEB_CONCURRENCY > 1 &&
      `${config.WEB_CONCURRENCY} server processes (WEB_CONCURRENCY must be 1: each process keeps its own clock)`,
  ].filter((conflict) => typeof conflict === 'string');
  if (conflicts.length > 0) {
    throw new ConfigError(
      `Invalid environment: EXPOSE_CLOCK=true is for a development server only, refused because ${conflicts.join('; ')}`,
    );
  }
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

function appVersion(): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
