import { randomInt } from 'node:crypto';
import { kyselyAdapter } from '@better-auth/kysely-adapter';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { makeSignature } from 'better-auth/crypto';
import { admin, anonymous, bearer, emailOTP } from 'better-auth/plugins';
import type { Database } from '../../db/connect.js';
import { type EmailLanguage, emailLanguageOfHeaders } from '../email/email-language.js';
import type { CodeEmailKind } from '../email/email-templates.js';
import { hashPassword, verifyPassword } from '../identity/password.js';
import { withHashedSessionTokens } from './session-token-hash.js';

/** Session lifetimes (docs/security-policy.md#sessions): idle 7 days (Better Auth's sliding expiry), absolute 30 days (ours). */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** Codes: 6 digits, 10 minutes, 5 wrong tries. */
export const CODE_TTL_SECONDS = 600;
export const CODE_ATTEMPTS = 5;
/** Better Auth's cookie names; plugins/auth.ts presents them as __Host-sid over HTTPS. */
export const SESSION_COOKIE = 'sid';
export const DONT_REMEMBER_COOKIE = 'sid_dr';
/** The header our Fastify layer fills with request.ip, so Better Auth never reads x-forwarded-for. */
export const CLIENT_IP_HEADER = 'x-tagscout-client-ip';

const OTP_KIND: Record<string, CodeEmailKind> = {
  'email-verification': 'verify-email',
  'sign-in': 'trial',
  'forget-password': 'reset-password',
};

export interface AuthOptions {
  database: Database;
  secret: string;
  /** HMAC-SHA256 of a code with the server's pepper (accounts.runtime.ts). */
  hashCode(code: string): string;
  baseURL: string;
  trustedOrigins: string[];
  /** Where Better Auth's warnings and errors go (the app's logger). */
  log: { warn(message: string): void; error(message: string): void };
  sendCode(input: {
    email: string;
    code: string;
    kind: CodeEmailKind;
    language: EmailLanguage;
  }): Promise<void>;
}

/**
 * Better Auth on our Kysely instance (decision 007): email and password with argon2id, emailed
 * 6-digit codes (verification, password reset, and the email trial's sign-in), anonymous users for
 * the anonymous trial, bearer tokens for the apps, and roles. Its own rate limiter is off: ours
 * (throttle.ts) applies docs/security-policy.md#rate-limits across processes.
 */
export function createAuth(options: AuthOptions) {
  const { log } = options;
  return betterAuth({
    appName: 'Tagscout',
    baseURL: options.baseURL,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    // Session tokens are stored as their SHA-256 (session-token-hash.ts).
    database: (betterAuthOptions: BetterAuthOptions) =>
      withHashedSessionTokens(
        kyselyAdapter(options.database.db, { type: options.database.dialect })(betterAuthOptions),
      ),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => (level === 'error' ? log.error(message) : log.warn(message)),
    },
    rateLimit: { enabled: false },
    user: { modelName: 'users' },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'verifications' },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 24 * 3600,
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 9,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    emailVerification: { autoSignInAfterVerification: true, sendOnSignUp: false },
    advanced: {
      useSecureCookies: false,
      cookies: {
        session_token: { name: SESSION_COOKIE },
        dont_remember: { name: DONT_REMEMBER_COOKIE },
      },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        generateOTP: () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
        // HMAC-SHA256 with a server pepper; Better Auth compares in constant time.
        storeOTP: {
          hash: async (code) => options.hashCode(code),
        },
        sendVerificationOTP: async ({ email, otp, type }, context) => {
          const kind = OTP_KIND[type];
          const language = emailLanguageOfHeaders(context?.headers);
          if (kind) await options.sendCode({ email, code: otp, kind, language });
        },
      }),
      anonymous({ emailDomainName: 'anonymous.tagscout.invalid', disableDeleteAnonymousUser: true }),
      bearer(),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The cookie value Better Auth expects for a session token (signed with the secret). */
export async function signedSessionValue(token: string, secret: string): Promise<string> {
  return encodeURIComponent(`${token}.${await makeSignature(token, secret)}`);
}
