import { AccountErrorCode, type CheckEmailResponse, CODE_NOT_VERIFIED_MESSAGE } from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { findUserByEmail } from '../accounts/accounts.service.js';
import { CHECK_EMAIL, checkCode, sendCode } from '../guess-limits/one-time-codes.service.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { accountError, throwIfRefused, withoutCredentials } from '../sessions/auth-calls.js';
import { mailboxOf, normaliseEmail } from './email-address.js';
import { type SignedIn, signedIn } from './signed-in.js';

/**
 * Sign-in by emailed code (issue 32 §8): the way in for an account that has no password (an email
 * trial), offered beside every failed password sign-in because that answer may not say which
 * accounts have none. The code goes only to a registered address; the answer is the same for any.
 */
export async function requestSignInCode(
  runtime: AccountsRuntime,
  input: { email: string },
  request: AuthRequest,
): Promise<CheckEmailResponse> {
  const email = normaliseEmail(input.email);
  throwIfRefused(await runtime.throttle.countCodeSend(mailboxOf(email), request.ip));
  if (await isRegistered(runtime, email)) await sendCode(runtime, 'trial', email, request);
  return CHECK_EMAIL;
}

/** The code signs in a registered account (the email trial's code does the same); any other address is answered as a wrong code. */
export async function signInWithCode(
  runtime: AccountsRuntime,
  input: { email: string; code: string; session: 'cookie' | 'bearer' },
  request: AuthRequest,
): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  if (!(await isRegistered(runtime, email))) {
    // Counted as a guess like any other, so no address answers faster or differently.
    throwIfRefused(await runtime.throttle.takeCodeGuess(`code:trial:${email}`, request.ip));
    throw accountError(400, AccountErrorCode.codeNotVerified, CODE_NOT_VERIFIED_MESSAGE);
  }
  const result = await checkCode(runtime, 'trial', email, request, () =>
    runtime.auth.api.signInEmailOTP({
      body: { email, otp: input.code },
      headers: withoutCredentials(request.headers),
      asResponse: true,
    }),
  );
  const user = result.body?.user as { id: string } | undefined;
  const token = result.body?.token;
  if (!user || typeof token !== 'string') {
    throw accountError(400, AccountErrorCode.codeNotVerified, CODE_NOT_VERIFIED_MESSAGE);
  }
  request.audit('sign-in-code', { email, userId: user.id, outcome: 'success' });
  return signedIn(
    runtime,
    { userId: user.id, email, token, transport: input.session, headers: result.headers },
    request,
  );
}

async function isRegistered(runtime: AccountsRuntime, email: string): Promise<boolean> {
  const user = await findUserByEmail(runtime.database, email);
  return Boolean(user?.emailVerified && !user.isAnonymous);
}
