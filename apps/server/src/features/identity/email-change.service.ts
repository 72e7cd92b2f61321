import {
  AccountErrorCode,
  type ChangeEmailBody,
  type CheckEmailResponse,
  type EmailChangeCodeBody,
  type MeResponse,
} from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { changeUserEmail, findUserByEmail } from '../accounts/accounts.service.js';
import { emailLanguageOfHeaders } from '../email/email-language.js';
import { emailChangedEmail, emailChangeTakenEmail } from '../email/email-templates.js';
import {
  checkAccountCode,
  countAccountCodeSend,
  sendAccountCode,
} from '../guess-limits/account-codes.service.js';
import { CHECK_EMAIL } from '../guess-limits/one-time-codes.service.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { accountError } from '../sessions/auth-calls.js';
import { normaliseEmail } from './email-address.js';
import { checkCurrentPassword, findOwnMe, ownAccountOf } from './own-account.js';

/**
 * The first step of a new address: the current password proves it is the owner, and the new
 * address gets a code bound to this account. An address that has an account gets no code but a
 * note to its owner, and the answer is the same (no address is revealed before its mailbox is proven).
 */
export async function sendEmailChangeCode(
  runtime: AccountsRuntime,
  input: EmailChangeCodeBody,
  request: AuthRequest,
): Promise<CheckEmailResponse> {
  const account = ownAccountOf(request);
  const email = normaliseEmail(input.email);
  if (email === account.email) {
    throw accountError(400, AccountErrorCode.sameEmail, 'That is already the address of your account.');
  }
  await checkCurrentPassword(runtime, account, input.currentPassword, request);
  await countAccountCodeSend(runtime, email, request);
  if (await findUserByEmail(runtime.database, email)) {
    await runtime.mailer.send(emailChangeTakenEmail(email, emailLanguageOfHeaders(request.headers)));
  } else {
    await sendAccountCode(runtime, { kind: 'change-email', userId: account.userId, email }, request);
  }
  return CHECK_EMAIL;
}

/**
 * The new address's code moves the account there (only the address it was sent to), verified; the
 * old address is told. Sessions stay: the account is the same, only its address changed.
 */
export async function changeEmail(
  runtime: AccountsRuntime,
  input: ChangeEmailBody,
  request: AuthRequest,
): Promise<MeResponse> {
  const account = ownAccountOf(request);
  const email = normaliseEmail(input.email);
  await checkAccountCode(
    runtime,
    { kind: 'change-email', userId: account.userId, email, code: input.code },
    request,
  );
  const isChanged = await changeUserEmail(runtime.database, {
    userId: account.userId,
    email,
    now: runtime.now(),
  });
  if (!isChanged) {
    throw accountError(409, AccountErrorCode.emailTaken, 'That address now belongs to another account.');
  }
  await runtime.mailer.send(emailChangedEmail(account.email, email, emailLanguageOfHeaders(request.headers)));
  request.audit('email-change', { userId: account.userId, email, outcome: 'success' });
  return findOwnMe(runtime, request);
}
