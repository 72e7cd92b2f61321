import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { AccountErrorCode, CODE_NOT_VERIFIED_MESSAGE, type CodePurpose } from '@tagscout/core/api';
import type { Database } from '../../db/connect.js';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { emailLanguageOfHeaders } from '../email/email-language.js';
import { codeEmail } from '../email/email-templates.js';
import { mailboxOf } from '../identity/email-address.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { accountError, throwIfRefused } from '../sessions/auth-calls.js';
import { CODE_ATTEMPTS, CODE_TTL_SECONDS } from '../sessions/better-auth.js';
import {
  deleteCodesOf,
  deleteCodesWithPrefix,
  findCode,
  replaceCode,
  spendCode,
} from './one-time-codes.repository.js';
import { codeIdentifier } from './one-time-codes.service.js';

/**
 * What a code to a signed-in account is for (the account page): a first password, a new address
 * (the code goes to the new one), deleting the account.
 */
export type AccountCodeKind = 'set-password' | 'change-email' | 'delete-account';

/** Whose code: the account it was sent for and the address it went to (bound to both, and to its kind). */
export interface AccountCodeTarget {
  kind: AccountCodeKind;
  userId: string;
  email: string;
}

/**
 * Emails a code for an action on the signed-in user's own account (the caller has counted the send
 * with countAccountCodeSend first; docs/security-policy.md#codes): 6 digits from crypto.randomInt, stored as an HMAC with the
 * server's pepper, 10 minutes by the server clock, a new one voids the old. Better Auth's codes
 * are bound to an address only; these are bound to the account too, so no other session can use one.
 */
export async function sendAccountCode(
  runtime: AccountsRuntime,
  target: AccountCodeTarget,
  request: AuthRequest,
): Promise<void> {
  const identifier = accountCodeIdentifier(target);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // Before the code exists, so no try of the new code goes uncounted.
  await runtime.throttle.forgetCodeTries(identifier);
  const now = runtime.now();
  await replaceCode(runtime.database, {
    id: randomUUID(),
    identifier,
    value: runtime.hashCode(code),
    expiresAt: now + CODE_TTL_SECONDS * 1000,
    now,
  });
  await runtime.mailer.send(
    codeEmail(target.email, target.kind, code, emailLanguageOfHeaders(request.headers)),
  );
}

/** The code-send limits for an address (1 a minute, 5 an hour, then per client): counted whether or not a code goes. */
export async function countAccountCodeSend(
  runtime: AccountsRuntime,
  email: string,
  request: AuthRequest,
): Promise<void> {
  throwIfRefused(await runtime.throttle.countCodeSend(mailboxOf(email), request.ip));
}

/**
 * Checks and spends a code sent by sendAccountCode, with the same limits as the other codes: the
 * guesses per account and client, 5 tries per code counted before the check, 10 minutes, single use.
 */
export async function checkAccountCode(
  runtime: AccountsRuntime,
  target: AccountCodeTarget & { code: string },
  request: AuthRequest,
): Promise<void> {
  const account = `code:${target.kind}:${target.userId}`;
  throwIfRefused(await runtime.throttle.takeCodeGuess(account, request.ip));
  const identifier = accountCodeIdentifier(target);
  const stored = await findCode(runtime.database, identifier);
  if (!stored) throw notVerified();
  if (
    stored.expiresAt <= runtime.now() ||
    (await runtime.throttle.countCodeTry(identifier)) > CODE_ATTEMPTS
  ) {
    await deleteCodesOf(runtime.database, [identifier]);
    throw accountError(
      400,
      AccountErrorCode.codeExpired,
      'This code has expired or was replaced. Ask for a new code.',
    );
  }
  const given = Buffer.from(runtime.hashCode(target.code));
  const expected = Buffer.from(stored.value);
  const isRight = given.length === expected.length && timingSafeEqual(given, expected);
  // Spent by the one request that deletes it: a concurrent second use finds it gone.
  if (!isRight || !(await spendCode(runtime.database, identifier, stored.value))) throw notVerified();
  await runtime.throttle.giveBackCodeGuess(account, request.ip);
}

/** Every code an account or its address may have, of ours and Better Auth's (a deleted account's go). */
export async function deleteCodesOfAccount(
  database: Database,
  account: { userId: string; email: string | null },
): Promise<void> {
  const purposes: CodePurpose[] = ['verify-email', 'reset-password', 'trial'];
  const { email } = account;
  await deleteCodesOf(database, email ? purposes.map((purpose) => codeIdentifier(purpose, email)) : []);
  await deleteCodesWithPrefix(database, accountCodePrefix(account.userId));
}

function accountCodeIdentifier(target: AccountCodeTarget): string {
  return `${accountCodePrefix(target.userId)}${target.kind}:${target.email}`;
}

/** Every account code of a user starts so (user ids are letters and digits). */
function accountCodePrefix(userId: string): string {
  return `account-otp-${userId}:`;
}

function notVerified() {
  return accountError(400, AccountErrorCode.codeNotVerified, CODE_NOT_VERIFIED_MESSAGE);
}
