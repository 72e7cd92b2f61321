import {
  AccountErrorCode,
  type ChangePasswordBody,
  ErrorCode,
  type SetPasswordBody,
} from '@tagscout/core/api';
import { AppError } from '../../app-error.js';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { emailLanguageOfHeaders } from '../email/email-language.js';
import { passwordChangedEmail } from '../email/email-templates.js';
import { checkAccountCode } from '../guess-limits/account-codes.service.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { accountError } from '../sessions/auth-calls.js';
import { signOutEverywhere } from '../sessions/sessions.service.js';
import { hasPassword, swapPasswordHash } from './identity.repository.js';
import { checkCurrentPassword, type NewSessionOptions, ownAccountOf, renewSession } from './own-account.js';
import { findPasswordProblem, hashPassword } from './password.js';
import { type SignedIn, setCredentialPassword } from './signed-in.js';

/**
 * The first password of an account that signs in by emailed code (an email trial), with a code
 * sent to its address (POST /api/account/send-code). The rules are checked before the code is
 * spent. Like a reset, every session ends and the owner is told; this browser gets a new one.
 */
export async function setFirstPassword(
  runtime: AccountsRuntime,
  input: SetPasswordBody,
  options: NewSessionOptions,
  request: AuthRequest,
): Promise<SignedIn> {
  const account = ownAccountOf(request);
  if (await hasPassword(runtime.database, account.userId)) throw passwordExists();
  const problem = findPasswordProblem(input.password, input.passwordConfirm, account.email);
  if (problem) throw accountError(400, AccountErrorCode.weakPassword, problem);
  await checkAccountCode(runtime, { kind: 'set-password', ...account, code: input.code }, request);
  await setCredentialPassword(runtime, account.userId, await hashPassword(input.password));
  return afterPasswordChange(runtime, { ...account, password: input.password, how: 'set', options }, request);
}

/**
 * A new password in place of the current one, which must be given (a sign-in guess, limited as
 * sign-in is). Of two changes at once, one wins; the other changes nothing (409).
 */
export async function changePassword(
  runtime: AccountsRuntime,
  input: ChangePasswordBody,
  options: NewSessionOptions,
  request: AuthRequest,
): Promise<SignedIn> {
  const account = ownAccountOf(request);
  const currentHash = await checkCurrentPassword(runtime, account, input.currentPassword, request);
  if (input.password === input.currentPassword) {
    throw accountError(
      400,
      AccountErrorCode.samePassword,
      'That is already your password. Choose a new one.',
    );
  }
  const problem = findPasswordProblem(input.password, input.passwordConfirm, account.email);
  if (problem) throw accountError(400, AccountErrorCode.weakPassword, problem);
  const isSwapped = await swapPasswordHash(runtime.database, {
    userId: account.userId,
    from: currentHash,
    to: await hashPassword(input.password),
    now: runtime.now(),
  });
  if (!isSwapped) {
    throw new AppError(
      409,
      ErrorCode.conflict,
      'Your password was just changed elsewhere. Sign in with the new one.',
    );
  }
  return afterPasswordChange(
    runtime,
    { ...account, password: input.password, how: 'changed', options },
    request,
  );
}

/** Every session ends (and every known device with the epoch), the owner is told, and this browser signs in again. */
async function afterPasswordChange(
  runtime: AccountsRuntime,
  change: {
    userId: string;
    email: string;
    password: string;
    how: 'set' | 'changed';
    options: NewSessionOptions;
  },
  request: AuthRequest,
): Promise<SignedIn> {
  await signOutEverywhere(runtime.database, change.userId, runtime.now());
  await runtime.mailer.send(
    passwordChangedEmail(change.email, change.how, emailLanguageOfHeaders(request.headers)),
  );
  request.audit(change.how === 'set' ? 'password-set' : 'password-change', {
    userId: change.userId,
    outcome: 'success',
  });
  return renewSession(runtime, change, request);
}

export function passwordExists() {
  return accountError(
    409,
    AccountErrorCode.passwordExists,
    'Your account already has a password: change it with your current one, or use "Forgot password".',
  );
}
