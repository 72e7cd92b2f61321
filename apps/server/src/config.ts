import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive('must be a positive whole number').default(1000),
  TRUST_PROXY: z.coerce.number().int().min(0, 'must be the number of proxy hops (0 or more)').default(0),
  WEB_DIST: z
    .string()
    .min(1)
    .default(join(repoRoot, 'apps', 'web', 'dist')),
  SEED_CORPUS: booleanText.default(true),
  RELATED_POST_WINDOW: z.coerce.number().int().min(10).max(5000).default(500),
  BANNED_TAGS_FILE: z
    .string()
    .min(1)
    .default(join(repoRoot, 'apps', 'server', 'banned-tags.txt')),
  CACHE_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive('must be a positive whole number')
    .default(120),
});

export type Config = z.infer<typeof EnvSchema> & { version: string };

export class ConfigError extends Error {}

/** The only place that reads process.env. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}=${JSON.stringify(env[name] ?? '')} ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  return { ...parsed.data, version: appVersion(), ...overrides };
}

function appVersion(): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
