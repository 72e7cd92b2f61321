import {
  AccountErrorCode,
  type CheckEmailResponse,
  CODE_NOT_VERIFIED_MESSAGE,
  type MeResponse,
  SIGN_IN_MESSAGES,
} from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { findUserByEmail, setSubscriptionState, updateAccount } from '../accounts/accounts.service.js';
import { emailLanguageOfHeaders } from '../email/email-language.js';
import { alreadyRegisteredEmail, passwordChangedEmail } from '../email/email-templates.js';
import { CHECK_EMAIL, checkCode, sendCode } from '../guess-limits/one-time-codes.service.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { accountError, callAuth, throwIfRefused, withoutCredentials } from '../sessions/auth-calls.js';
import { signOutEverywhere } from '../sessions/sessions.service.js';
import { mailboxOf, normaliseEmail } from './email-address.js';
import {
  clearPendingPassword,
  deletePendingSignup,
  findPendingSignup,
  hasPassword,
  savePendingSignup,
} from './identity.repository.js';
import { findMe } from './me.service.js';
import { findPasswordProblem, hashPassword, verifyPassword } from './password.js';
import {
  knownDeviceFor,
  type SignedIn,
  setCredentialPassword,
  signedIn,
  signInAccount,
} from './signed-in.js';

/**
 * Sign-up (account setup): the first attempt's password waits in pending_signups until the emailed
 * code proves the address. A later attempt for the same pending address with another password
 * cannot replace it: it clears it, and the password must then come with the code (verifyEmail), so
 * only whoever reads the mailbox chooses it. An address that already has a password gets a "you
 * already have an account" mail; the answer is the same 202 either way (enumeration rule), and
 * the password is hashed either way so the time taken is alike.
 */
export async function signUp(
  runtime: AccountsRuntime,
  input: {
    email: string;
    password: string;
    passwordConfirm: string;
    firstname?: string | undefined;
    lastname?: string | undefined;
  },
  request: AuthRequest,
): Promise<CheckEmailResponse> {
  const email = normaliseEmail(input.email);
  const problem = findPasswordProblem(input.password, input.passwordConfirm, email);
  if (problem) throw accountError(400, AccountErrorCode.weakPassword, problem);
  // Counted alike for new and known addresses (no enumeration), before the code send.
  throwIfRefused(await runtime.throttle.countSignUp(request.ip));
  throwIfRefused(await runtime.throttle.countCodeSend(mailboxOf(email), request.ip));

  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(runtime.database, email);
  if (existing && !existing.isAnonymous && (await hasPassword(runtime.database, existing.id))) {
    await runtime.mailer.send(alreadyRegisteredEmail(email, emailLanguageOfHeaders(request.headers)));
    return CHECK_EMAIL;
  }
  const now = runtime.now();
  await savePendingSignup(runtime.database, {
    email,
    password_hash: passwordHash,
    firstname: input.firstname ?? '',
    lastname: input.lastname ?? '',
    created_at: now,
  });
  const pending = await findPendingSignup(runtime.database, email);
  if (pending?.password_hash && pending.password_hash !== passwordHash) {
    const isSame = await verifyPassword({ hash: pending.password_hash, password: input.password });
    if (!isSame) await clearPendingPassword(runtime.database, email);
  }
  if (!existing) {
    const context = await runtime.auth.$context;
    await context.internalAdapter.createUser(
      { email, name: '', emailVerified: false },
      { method: 'email-password' },
    );
  }
  await sendCode(runtime, 'verify-email', email, request);
  return CHECK_EMAIL;
}

/**
 * Verifies the sign-up code, sets the password (the one sent with the code, or else the waiting
 * one if no other attempt contested it), attaches the waiting details, and signs in. The password
 * rules are checked before the code is spent.
 */
export async function verifyEmail(
  runtime: AccountsRuntime,
  input: { email: string; code: string; password?: string | undefined; session: 'cookie' | 'bearer' },
  request: AuthRequest,
): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  const pending = await findPendingSignup(runtime.database, email);
  if (pending) {
    const problem =
      input.password !== undefined
        ? findPasswordProblem(input.password, input.password, email)
        : pending.password_hash
          ? null
          : 'Enter the password you chose for this account with the code.';
    if (problem) throw accountError(400, AccountErrorCode.weakPassword, problem);
  }
  const result = await checkCode(runtime, 'verify-email', email, request, () =>
    runtime.auth.api.verifyEmailOTP({
      body: { email, otp: input.code },
      headers: withoutCredentials(request.headers),
      asResponse: true,
    }),
  );
  const user = result.body?.user as { id: string } | undefined;
  const token = typeof result.body?.token === 'string' ? result.body.token : undefined;
  if (!user || !token) throw accountError(400, AccountErrorCode.codeNotVerified, CODE_NOT_VERIFIED_MESSAGE);

  if (pending) {
    const passwordHash =
      input.password !== undefined ? await hashPassword(input.password) : pending.password_hash;
    await setCredentialPassword(runtime, user.id, passwordHash);
    await setSubscriptionState(runtime.database, user.id, {}, runtime.now());
    if (pending.firstname || pending.lastname) {
      await updateAccount(runtime.database, user.id, {
        firstname: pending.firstname,
        lastname: pending.lastname,
      });
    }
    await deletePendingSignup(runtime.database, email);
  }
  return signedIn(
    runtime,
    { userId: user.id, email, token, transport: input.session, headers: result.headers },
    request,
  );
}

/**
 * Sign-in with email and password. Better Auth answers an unknown address and a wrong password
 * alike (and hashes the password for an unknown address so timing matches); we add the guess
 * limits, known devices and the product's message (docs/product-rules.md#sign-in-and-account-setup).
 */
export async function signIn(
  runtime: AccountsRuntime,
  input: { email: string; password: string; rememberMe: boolean; session: 'cookie' | 'bearer' },
  request: AuthRequest,
): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  const guess = {
    account: signInAccount(email),
    ip: request.ip,
    knownDevice: await knownDeviceFor(runtime, request.knownDevice, email),
  };
  // The guess is counted before it is checked, so concurrent guesses cannot pass the limit.
  const taken = await runtime.throttle.takeGuess(guess);
  if (taken.refusal) {
    request.audit('sign-in', { email, outcome: 'refused' });
    throwIfRefused(taken.refusal);
  }
  const result = await callAuth(() =>
    runtime.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: input.rememberMe },
      headers: withoutCredentials(request.headers),
      asResponse: true,
    }),
  );
  if (result.status === 401 || result.status === 400) {
    if (await isWaitingSignUp(runtime, email, input.password)) throw emailNotVerified();
    request.audit('sign-in', { email, outcome: 'failure' });
    // The same answer for every address (no enumeration), with the hint email-trial users need.
    throw accountError(
      401,
      AccountErrorCode.invalidCredentials,
      `${SIGN_IN_MESSAGES.incorrect}. ${SIGN_IN_MESSAGES.codeHint}`,
    );
  }
  if (result.code === 'EMAIL_NOT_VERIFIED') throw emailNotVerified();
  if (result.status >= 400) {
    throw accountError(
      403,
      AccountErrorCode.forbidden,
      typeof result.body?.message === 'string' ? result.body.message : SIGN_IN_MESSAGES.error,
    );
  }
  if (taken.spent) await runtime.throttle.giveBackGuess(guess, taken.spent);
  const user = result.body?.user as { id: string };
  request.audit('sign-in', { email, userId: user.id, outcome: 'success' });
  return signedIn(
    runtime,
    {
      userId: user.id,
      email,
      token: String(result.body?.token),
      transport: input.session,
      headers: result.headers,
    },
    request,
  );
}

/**
 * A sign-up waiting for its code has no password with Better Auth yet. Whoever knows the waiting
 * password, or any password once another attempt contested it (the code step then takes the
 * password), is sent to the code step rather than told the password is wrong.
 */
async function isWaitingSignUp(runtime: AccountsRuntime, email: string, password: string): Promise<boolean> {
  const pending = await findPendingSignup(runtime.database, email);
  if (!pending) return false;
  if (!pending.password_hash) return true;
  return verifyPassword({ hash: pending.password_hash, password });
}

function emailNotVerified() {
  return accountError(
    403,
    AccountErrorCode.emailNotVerified,
    'Verify your email address first: use the code we sent.',
  );
}

/** Password reset by code: sets the password and ends every session of the user. */
export async function resetPassword(
  runtime: AccountsRuntime,
  input: { email: string; code: string; password: string; passwordConfirm: string },
  request: AuthRequest,
): Promise<{ status: 'password_reset' }> {
  const email = normaliseEmail(input.email);
  const problem = findPasswordProblem(input.password, input.passwordConfirm, email);
  if (problem) throw accountError(400, AccountErrorCode.weakPassword, problem);
  await checkCode(runtime, 'reset-password', email, request, () =>
    runtime.auth.api.resetPasswordEmailOTP({
      body: { email, otp: input.code, password: input.password },
      headers: withoutCredentials(request.headers),
      asResponse: true,
    }),
  );
  const user = await findUserByEmail(runtime.database, email);
  if (user) {
    request.audit('password-reset', { email, userId: user.id, outcome: 'success' });
    // Proving the mailbox ends a lock that others' guesses put on the account.
    await runtime.throttle.unlockAccount(signInAccount(email));
    await signOutEverywhere(runtime.database, user.id, runtime.now());
    await runtime.mailer.send(passwordChangedEmail(email, 'reset', emailLanguageOfHeaders(request.headers)));
  }
  return { status: 'password_reset' };
}

/** Global sign-out: every session of the user ends; the answer is a free, unregistered visitor. */
export async function signOut(runtime: AccountsRuntime, request: AuthRequest): Promise<MeResponse> {
  if (request.viewer.userId) {
    await signOutEverywhere(runtime.database, request.viewer.userId, runtime.now());
    request.audit('sign-out', { userId: request.viewer.userId, outcome: 'success' });
  }
  return findMe(runtime, { userId: null, platform: request.platform, deviceId: null });
}
