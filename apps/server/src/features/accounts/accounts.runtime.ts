import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connect.js';
import { ensureSetting } from '../../db/settings.js';
import { codeEmail } from '../email/email-templates.js';
import { createMailer, type Mailer } from '../email/mailer.runtime.js';
import { createLimitCounters } from '../guess-limits/limit-counters.js';
import { Throttle } from '../guess-limits/throttle.js';
import { type Auth, createAuth } from '../sessions/better-auth.js';
import type { AccountDataHook } from './account-data-hooks.js';
import type { AccountMergeHook } from './accounts.service.js';

/** Everything the accounts routes and the auth plugin share, built once per app. */
export interface AccountsRuntime {
  auth: Auth;
  /** Better Auth's secret (signs cookies). */
  secret: string;
  throttle: Throttle;
  mailer: Mailer;
  now: Clock;
  database: Database;
  config: Config;
  trustedOrigins: Set<string>;
  /** How features move their data when an anonymous trial registers (accounts.service). */
  mergeHooks: AccountMergeHook[];
  /** How features export and erase a user's data (account-data-hooks.ts). */
  dataHooks: AccountDataHook[];
  /** A code as stored: HMAC-SHA256 with the server's pepper, as Better Auth stores its codes. */
  hashCode(code: string): string;
  /** Promo code -> trial days. */
  promoCodes: Map<string, number>;
  close(): Promise<void>;
}

export async function createAccountsRuntime(app: FastifyInstance): Promise<AccountsRuntime> {
  const { config, database } = app;
  const { now } = config;
  // Generated once and kept in the database when not configured, so `npm start` needs nothing.
  const secret =
    config.AUTH_SECRET ??
    (await ensureSetting(database, 'auth_secret', randomBytes(32).toString('base64url'), now()));
  const codePepper =
    config.CODE_PEPPER ??
    (await ensureSetting(database, 'code_pepper', randomBytes(32).toString('base64url'), now()));
  const trustedOrigins = new Set(
    config.TRUSTED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  );
  if (config.PUBLIC_URL) trustedOrigins.add(new URL(config.PUBLIC_URL).origin);

  const mailer = createMailer({
    database,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
    now,
  });
  // ioredis is loaded only where Redis is configured, as the rate limit's (plugins/security.ts).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false })
    : null;
  const counters = createLimitCounters({ database, redis, redisPrefix: config.JOB_QUEUE_PREFIX });

  const auth = createAuth({
    database,
    secret,
    hashCode: (code) => hashCode(codePepper, code),
    baseURL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    trustedOrigins: [...trustedOrigins],
    log: app.log,
    sendCode: ({ email, code, kind, language }) => mailer.send(codeEmail(email, kind, code, language)),
  });

  return {
    auth,
    secret,
    throttle: new Throttle(counters, now, {
      perAddressPerHour: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
      perNetworkPerHour: config.SIGNUPS_PER_NETWORK_PER_HOUR,
    }),
    mailer,
    now,
    database,
    config,
    trustedOrigins,
    mergeHooks: [],
    dataHooks: [],
    hashCode: (code) => hashCode(codePepper, code),
    promoCodes: parsePromoCodes(config.PROMO_CODES, config.DEFAULT_PROMO_CODE),
    close: async () => {
      counters.stop();
      await mailer.close();
      await redis?.quit().catch(() => {});
    },
  };
}

function hashCode(pepper: string, code: string): string {
  return createHmac('sha256', pepper).update(code).digest('base64url');
}

function parsePromoCodes(text: string, defaultCode: string): Map<string, number> {
  const codes = new Map<string, number>();
  for (const pair of text.split(',')) {
    const [code, days] = pair.split(':');
    if (code && days) codes.set(code.toUpperCase(), Number(days));
  }
  // The default code always exists: 7 days unless PROMO_CODES says otherwise.
  if (!codes.has(defaultCode.toUpperCase())) codes.set(defaultCode.toUpperCase(), 7);
  return codes;
}
