import { AccountErrorCode, ErrorCode } from '@tagscout/core/api';
import { AppError } from '../../app-error.js';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { accountError, callAuth, throwIfRefused, withoutCredentials } from '../sessions/auth-calls.js';
import { findPasswordHash } from './identity.repository.js';
import { findMe } from './me.service.js';
import { verifyPassword } from './password.js';
import { knownDeviceFor, type SignedIn, signedIn, signInAccount } from './signed-in.js';

// What the account page's services share: the session's own account, its current password checked
// as a sign-in guess, and a new session once the old ones end.

/** The signed-in account with an address (my-account.http.ts lets no other through). */
export interface OwnAccount {
  userId: string;
  email: string;
}

/** How the new session comes back: as the request's came (cookie or bearer), remembered or not. */
export interface NewSessionOptions {
  transport: 'cookie' | 'bearer';
  rememberMe: boolean;
}

export function ownAccountOf(request: AuthRequest): OwnAccount {
  const { userId, email } = request.viewer;
  if (!userId) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to do this.');
  if (!email) {
    throw new AppError(403, ErrorCode.forbidden, 'Start your trial with your email address to do this.');
  }
  return { userId, email };
}

/**
 * Checks the account's current password as a sign-in guess (the same per-account limits, counted
 * before the check, given back when right), and answers its hash for a compare-and-swap.
 */
export async function checkCurrentPassword(
  runtime: AccountsRuntime,
  account: OwnAccount,
  password: string,
  request: AuthRequest,
): Promise<string> {
  const hash = await findPasswordHash(runtime.database, account.userId);
  if (!hash) {
    throw accountError(
      409,
      AccountErrorCode.noPassword,
      'Your account has no password yet: you sign in with a code we email you. Set a password first.',
    );
  }
  const guess = {
    account: signInAccount(account.email),
    ip: request.ip,
    knownDevice: await knownDeviceFor(runtime, request.knownDevice, account.email),
  };
  const taken = await runtime.throttle.takeGuess(guess);
  if (taken.refusal) {
    request.audit('sign-in', { userId: account.userId, outcome: 'refused' });
    throwIfRefused(taken.refusal);
  }
  if (!(await verifyPassword({ hash, password }))) {
    request.audit('sign-in', { userId: account.userId, outcome: 'failure' });
    throw accountError(400, AccountErrorCode.wrongPassword, 'The current password you entered is not right.');
  }
  if (taken.spent) await runtime.throttle.giveBackGuess(guess, taken.spent);
  return hash;
}

/**
 * A new session for the account after every old one ended (a password set or changed): signed in
 * through Better Auth with the new password, so its cookies are Better Auth's own.
 */
export async function renewSession(
  runtime: AccountsRuntime,
  renewal: OwnAccount & { password: string; options: NewSessionOptions },
  request: AuthRequest,
): Promise<SignedIn> {
  const result = await callAuth(() =>
    runtime.auth.api.signInEmail({
      body: { email: renewal.email, password: renewal.password, rememberMe: renewal.options.rememberMe },
      headers: withoutCredentials(request.headers),
      asResponse: true,
    }),
  );
  const token = result.body?.token;
  if (result.status >= 400 || typeof token !== 'string') {
    // Another change of the password got in between: the newest one signs in.
    throw new AppError(
      409,
      ErrorCode.conflict,
      'Your password was just changed elsewhere. Sign in with the newest one.',
    );
  }
  return signedIn(
    runtime,
    {
      userId: renewal.userId,
      email: renewal.email,
      token,
      transport: renewal.options.transport,
      headers: result.headers,
    },
    request,
  );
}

/** The Me answer of the session's own user now. */
export async function findOwnMe(runtime: AccountsRuntime, request: AuthRequest) {
  return findMe(runtime, {
    userId: request.viewer.userId,
    platform: request.platform,
    deviceId: request.viewer.deviceId,
  });
}
