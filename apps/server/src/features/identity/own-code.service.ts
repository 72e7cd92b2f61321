import type { AccountCodePurpose, CheckEmailResponse } from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { countAccountCodeSend, sendAccountCode } from '../guess-limits/account-codes.service.js';
import { CHECK_EMAIL } from '../guess-limits/one-time-codes.service.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { hasPassword } from './identity.repository.js';
import { ownAccountOf } from './own-account.js';
import { passwordExists } from './password-change.service.js';

/**
 * A code to the account's own address, for what an account without a password proves by its
 * mailbox: setting its first password, or deleting it. An account with a password uses that.
 */
export async function sendOwnAccountCode(
  runtime: AccountsRuntime,
  purpose: AccountCodePurpose,
  request: AuthRequest,
): Promise<CheckEmailResponse> {
  const account = ownAccountOf(request);
  if (await hasPassword(runtime.database, account.userId)) throw passwordExists();
  await countAccountCodeSend(runtime, account.email, request);
  await sendAccountCode(runtime, { kind: purpose, ...account }, request);
  return CHECK_EMAIL;
}
