import {
  AccountErrorCode,
  CHECK_EMAIL_MESSAGE,
  type CheckEmailResponse,
  CODE_NOT_VERIFIED_MESSAGE,
  type CodePurpose,
} from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { mailboxOf, normaliseEmail } from '../identity/email-address.js';
import type { AuthEvent, AuthRequest } from '../sessions/account-request.js';
import {
  type AuthCallResult,
  accountError,
  callAuth,
  throwIfRefused,
  withoutCredentials,
} from '../sessions/auth-calls.js';
import { CODE_ATTEMPTS, CODE_TTL_SECONDS } from '../sessions/better-auth.js';
import { deleteCodes, findCodeExpiry, setCodeExpiry } from './one-time-codes.repository.js';

export const CHECK_EMAIL: CheckEmailResponse = { status: 'check_email', message: CHECK_EMAIL_MESSAGE };

/** Better Auth's verification identifiers, one per purpose and address. */
export const CODE_TYPE: Record<CodePurpose, 'email-verification' | 'forget-password' | 'sign-in'> = {
  'verify-email': 'email-verification',
  'reset-password': 'forget-password',
  trial: 'sign-in',
};

export function codeIdentifier(purpose: CodePurpose, email: string): string {
  return `${CODE_TYPE[purpose]}-otp-${email}`;
}

/** Sends a fresh code (voiding older ones) within the send limits; Better Auth skips unknown users where the purpose needs one. */
export async function resendCode(
  runtime: AccountsRuntime,
  input: { email: string; purpose: CodePurpose },
  request: AuthRequest,
): Promise<CheckEmailResponse> {
  const email = normaliseEmail(input.email);
  throwIfRefused(await runtime.throttle.countCodeSend(mailboxOf(email), request.ip));
  await sendCode(runtime, input.purpose, email, request);
  return CHECK_EMAIL;
}

export async function forgotPassword(
  runtime: AccountsRuntime,
  input: { email: string },
  request: AuthRequest,
) {
  return resendCode(runtime, { email: input.email, purpose: 'reset-password' }, request);
}

export async function sendCode(
  runtime: AccountsRuntime,
  purpose: CodePurpose,
  email: string,
  request: AuthRequest,
) {
  const headers = withoutCredentials(request.headers);
  // Before the code exists, so no try of the new code goes uncounted.
  await runtime.throttle.forgetCodeTries(codeIdentifier(purpose, email));
  const result =
    purpose === 'reset-password'
      ? await callAuth(() =>
          runtime.auth.api.requestPasswordResetEmailOTP({ body: { email }, headers, asResponse: true }),
        )
      : await callAuth(() =>
          runtime.auth.api.sendVerificationOTP({
            body: { email, type: CODE_TYPE[purpose] },
            headers,
            asResponse: true,
          }),
        );
  if (result.status >= 400) {
    throw accountError(400, AccountErrorCode.codeNotVerified, 'The code could not be sent.');
  }
  // The server clock decides expiry (Better Auth stamped the code with the system time).
  await setCodeExpiry(
    runtime.database,
    codeIdentifier(purpose, email),
    runtime.now() + CODE_TTL_SECONDS * 1000,
  );
}

/**
 * Checks a code through Better Auth with our additions: the guess limit per account and address
 * (throttle.ts; no account-wide one, so others' wrong codes never refuse the owner's right one),
 * the code's tries counted atomically before it is checked (a 6th concurrent try finds it dead, where
 * Better Auth would answer "not verified" to tries it never compared), and expiry by the server clock
 * (10 minutes). Every failure answers alike.
 */
export async function checkCode(
  runtime: AccountsRuntime,
  purpose: CodePurpose,
  email: string,
  request: AuthRequest,
  call: () => Promise<Response>,
): Promise<AuthCallResult> {
  const account = `code:${purpose}:${email}`;
  throwIfRefused(await runtime.throttle.takeCodeGuess(account, request.ip));
  const identifier = codeIdentifier(purpose, email);
  const expiresAt = await findCodeExpiry(runtime.database, identifier);
  if (expiresAt !== null && expiresAt <= runtime.now()) {
    await deleteCodes(runtime.database, identifier);
    throw codeExpired();
  }
  if ((await runtime.throttle.countCodeTry(identifier)) > CODE_ATTEMPTS) throw codeExpired();
  const result = await callAuth(call);
  const event: AuthEvent =
    purpose === 'trial' ? 'trial-code' : purpose === 'reset-password' ? 'password-reset' : 'verify-email';
  if (result.status >= 400) {
    request.audit(event, { email, outcome: 'failure' });
    if (result.code === 'OTP_EXPIRED' || result.code === 'TOO_MANY_ATTEMPTS') throw codeExpired();
    throw accountError(400, AccountErrorCode.codeNotVerified, CODE_NOT_VERIFIED_MESSAGE);
  }
  await runtime.throttle.giveBackCodeGuess(account, request.ip);
  if (purpose !== 'reset-password') request.audit(event, { email, outcome: 'success' });
  return result;
}

function codeExpired() {
  return accountError(
    400,
    AccountErrorCode.codeExpired,
    'This code has expired or was replaced. Ask for a new code.',
  );
}
