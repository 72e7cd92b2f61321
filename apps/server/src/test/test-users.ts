import { randomUUID } from 'node:crypto';
import { TrialStatus, UserGroup } from '@tagscout/core/access';
import type { FastifyInstance } from 'fastify';
import { createMovableClock, realClock } from '../clock.js';
import { insertAccount } from '../features/accounts/accounts.repository.js';
import { setSubscriptionState } from '../features/accounts/accounts.service.js';
import { mailboxOf } from '../features/identity/email-address.js';
import { hashPassword } from '../features/identity/password.js';
import {
  SESSION_COOKIE,
  SESSION_IDLE_SECONDS,
  signedSessionValue,
} from '../features/sessions/better-auth.js';
import { claimTrialMailbox, recordTrialDevice } from '../features/trials/trials.repository.js';

export type TestViewerKind =
  | 'none'
  | 'anonymousTrial'
  | 'emailTrial'
  | 'expiredTrial'
  | 'paying'
  | 'admin'
  | 'free';

export const TEST_VIEWER_KINDS: TestViewerKind[] = [
  'none',
  'anonymousTrial',
  'emailTrial',
  'expiredTrial',
  'paying',
  'admin',
  'free',
];

/** The password every test user with a password has. */
export const TEST_PASSWORD = 'Correct-Horse-9-Battery';

export interface TestViewer {
  /** Pass to inject(): Origin plus the session cookie (or Authorization: Bearer with transport 'bearer'). */
  headers: Record<string, string>;
  userId: string | null;
  email: string | null;
  deviceId: string | null;
  /** The raw session token (for bearer requests), when there is a session. */
  token: string | null;
}

const DAY_MS = 86_400_000;

let hashedTestPassword: Promise<string> | undefined;
/**
 * TEST_PASSWORD's argon2id hash, computed once per worker: every test user with a password shares
 * it (each hash is a salt and a digest that verify checks alone), instead of hashing again at
 * production cost for each of the hundreds of users the tests make.
 */
function testPasswordHash(): Promise<string> {
  hashedTestPassword ??= hashPassword(TEST_PASSWORD);
  return hashedTestPassword;
}

/**
 * A visitor of the given kind with a real Better Auth session, made directly in the database (no
 * HTTP, so no rate limit is spent). Headers carry the app's own Origin so state-changing requests
 * pass the CSRF check.
 */
export async function createTestViewer(
  app: FastifyInstance,
  kind: TestViewerKind,
  options: {
    transport?: 'cookie' | 'bearer';
    /** The account's address (registered kinds); else `<kind>-<uuid>@example.com`. */
    email?: string;
    /** When the account was made (epoch ms); else now. */
    createdAt?: number;
  } = {},
): Promise<TestViewer> {
  const origin = { origin: 'http://localhost:80' };
  if (kind === 'none') return { headers: origin, userId: null, email: null, deviceId: null, token: null };

  const runtime = app.accounts;
  const context = await runtime.auth.$context;
  const now = runtime.now();
  const deviceId = randomUUID();
  const isAnonymous = kind === 'anonymousTrial';
  const email = isAnonymous
    ? `temp-${randomUUID()}@anonymous.tagscout.invalid`
    : (options.email ?? `${kind}-${randomUUID()}@example.com`);
  const user = await context.internalAdapter.createUser(
    { email, name: '', emailVerified: !isAnonymous, isAnonymous },
    { method: isAnonymous ? 'anonymous' : 'email-password' },
  );
  if (kind === 'paying' || kind === 'admin' || kind === 'free') {
    await context.internalAdapter.createAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await testPasswordHash(),
    });
  }
  const trial = trialFields(kind, now);
  await insertAccount(runtime.database, {
    user_id: user.id,
    device_id: deviceId,
    billing_id: null,
    instagram_user: null,
    language: 'en',
    created_at: options.createdAt ?? now,
    updated_at: now,
    ...trial,
  });
  if (isAnonymous || kind === 'emailTrial' || kind === 'expiredTrial') {
    await recordTrialDevice(runtime.database, {
      device_id: deviceId,
      kind: isAnonymous ? 'anonymous' : 'email',
      user_id: user.id,
      platform: 'web',
      created_at: now,
    });
  }
  if (kind === 'emailTrial' || kind === 'expiredTrial') {
    await claimTrialMailbox(runtime.database, { mailbox: mailboxOf(email), userId: user.id, now });
  }
  if (kind === 'paying') {
    await setSubscriptionState(
      runtime.database,
      user.id,
      { group: UserGroup.CBcustomer, billingId: `cb_${randomUUID()}`, subscriptions: [{ status: 'active' }] },
      now,
    );
  }
  if (kind === 'admin')
    await setSubscriptionState(runtime.database, user.id, { group: UserGroup.admin }, now);

  // Better Auth checks the session's end on the wall clock, the auth plugin on the app's, which tests
  // set in the past or move days ahead: the session lasts at least its idle life on both.
  const expiresAt = new Date(Math.max(Date.now(), now) + SESSION_IDLE_SECONDS * 1000);
  const session = await context.internalAdapter.createSession(user.id, false, { expiresAt }, true);
  const auth: Record<string, string> =
    options.transport === 'bearer'
      ? { authorization: `Bearer ${session.token}` }
      : { cookie: `${SESSION_COOKIE}=${await signedSessionValue(session.token, runtime.secret)}` };
  return {
    headers: { ...origin, ...auth },
    userId: user.id,
    email: isAnonymous ? null : email,
    deviceId,
    token: session.token,
  };
}

function trialFields(kind: TestViewerKind, now: number) {
  const none = { trial_started_at: null, trial_expires_at: null, promo_code: null };
  switch (kind) {
    case 'anonymousTrial':
      return {
        group_name: UserGroup.unRegTrial,
        trial_status: TrialStatus.unRegTrial,
        trial_started_at: now,
        trial_expires_at: now + 3 * DAY_MS,
        promo_code: 'unregistered',
      };
    case 'emailTrial':
      return {
        group_name: UserGroup.trial,
        trial_status: TrialStatus.active,
        trial_started_at: now,
        trial_expires_at: now + 7 * DAY_MS,
        promo_code: 'TRIAL7',
      };
    case 'expiredTrial':
      return {
        group_name: UserGroup.trial,
        trial_status: TrialStatus.active,
        trial_started_at: now - 8 * DAY_MS,
        trial_expires_at: now - 1000,
        promo_code: 'TRIAL7',
      };
    default:
      return { group_name: UserGroup.free, trial_status: TrialStatus.unregistered, ...none };
  }
}

/** The newest code emailed to an address, read from the outbox table. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const row = await app.database.db
    .selectFrom('email_outbox')
    .select(['body_text'])
    .where('to_address', '=', to.toLowerCase())
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  const code = row && /\b(\d{6})\b/.exec(row.body_text)?.[1];
  if (!code) throw new Error(`no code was emailed to ${to}`);
  return code;
}

/** The emails sent to an address, oldest first. */
export async function emailsTo(app: FastifyInstance, to: string) {
  return app.database.db
    .selectFrom('email_outbox')
    .select(['subject', 'body_text'])
    .where('to_address', '=', to.toLowerCase())
    .orderBy('created_at')
    .execute();
}

/** "name=value" pairs of the Set-Cookie headers of an inject() answer, for the next request. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/** A clock the app reads (config.now) that tests move forward: real time plus an offset, as EXPOSE_CLOCK's. */
export function testClock() {
  const clock = createMovableClock(realClock);
  return {
    now: clock.now,
    advance: clock.advance,
    /** Moves to just after the start of the next window of this length (fixed windows align to it). */
    startNextWindow(windowMs: number) {
      clock.advance(windowMs - (clock.now() % windowMs) + 1000);
    },
  };
}

// Random start: Redis counters outlive a test run.
let nextNetwork = Math.floor(Math.random() * 0xff00);

/**
 * A fresh client IP per call, each in a /24 of its own, so per-address and per-network limits
 * (sign-ups count per /24) do not leak between tests.
 */
export function freshIp(): string {
  nextNetwork += 1;
  return `10.${(nextNetwork >> 8) & 255}.${nextNetwork & 255}.${1 + (nextNetwork % 254)}`;
}
