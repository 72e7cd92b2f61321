import type {
  AccountData,
  DeleteAccountBody,
  DeletionPreview,
  DeletionProof,
  MeResponse,
} from '@tagscout/core/api';
import { AccountErrorCode, CODE_NOT_VERIFIED_MESSAGE, ErrorCode } from '@tagscout/core/api';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import type { AccountDataOwner, RunningSubscription } from '../accounts/account-data-hooks.js';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { deleteUser, findUserById, findUserRecord } from '../accounts/accounts.service.js';
import { emailLanguageOfHeaders } from '../email/email-language.js';
import { accountDeletedEmail } from '../email/email-templates.js';
import { checkAccountCode, deleteCodesOfAccount } from '../guess-limits/account-codes.service.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { accountError } from '../sessions/auth-calls.js';
import { listSessionsOf } from '../sessions/sessions.service.js';
import { deletePendingSignup, hasPassword } from './identity.repository.js';
import { findMe } from './me.service.js';
import { checkCurrentPassword } from './own-account.js';

/** The session's user, as the data services take it (a guard made sure there is one). */
function ownerOf(
  runtime: AccountsRuntime,
  request: AuthRequest,
  database = runtime.database,
): AccountDataOwner {
  return {
    database,
    userId: String(request.viewer.userId),
    email: request.viewer.email,
    now: runtime.now(),
  };
}

/**
 * "Download my data": everything the server holds about the session's user, by feature (the
 * account, its sessions, and each feature's hook), as one JSON document. No secret goes in it.
 */
export async function exportAccountData(
  runtime: AccountsRuntime,
  request: AuthRequest,
): Promise<AccountData> {
  const owner = ownerOf(runtime, request);
  const data: Record<string, unknown> = {
    account: await presentAccount(runtime.database, owner.userId),
    sessions: await listSessionsOf(runtime.database, owner.userId),
  };
  for (const hook of runtime.dataHooks) data[hook.name] = await hook.exportData(owner);
  request.audit('account-export', { userId: owner.userId, outcome: 'success' });
  return {
    format: 'tagscout-account-data',
    version: 1,
    exportedAt: new Date(owner.now).toISOString(),
    userId: owner.userId,
    data,
  };
}

/** What deleting the account takes: its proof, and the subscriptions it leaves running, by name. */
export async function previewDeletion(
  runtime: AccountsRuntime,
  request: AuthRequest,
): Promise<DeletionPreview> {
  const owner = ownerOf(runtime, request);
  return {
    proof: await proofOf(runtime, owner),
    activeSubscriptions: await runningSubscriptions(runtime, owner),
  };
}

/**
 * Deletes the session's account and its data (docs/api-accounts.md#deleting-the-account): after
 * its proof (the password, an emailed code, or for an anonymous trial its session alone) and the
 * user's word that the subscriptions named keep running. Work with transactions of its own (the
 * crowd's purge) goes first; then, in one transaction, each feature's rows and the user, whose
 * foreign keys take its sessions, credentials, collections, quarries and store purchases along.
 */
export async function deleteAccount(
  runtime: AccountsRuntime,
  input: DeleteAccountBody,
  request: AuthRequest,
): Promise<MeResponse> {
  const owner = ownerOf(runtime, request);
  // A second deletion of the same account at once finds it gone: signed out, as its session is.
  const isGone = async () => !(await findUserById(runtime.database, owner.userId));
  if (await isGone()) throw signedOut();
  const proof = await proofOf(runtime, owner);
  const running = await runningSubscriptions(runtime, owner);
  if (running.length > 0 && !input.keepsSubscriptions) {
    throw accountError(409, AccountErrorCode.subscriptionsActive, subscriptionsMessage(running));
  }
  try {
    await checkProof(runtime, { owner, proof, input }, request);
  } catch (error) {
    throw (await isGone()) ? signedOut() : error;
  }

  for (const hook of runtime.dataHooks) await hook.eraseBefore?.(owner);
  await runtime.database.db.transaction().execute(async (trx) => {
    const database: Database = { db: trx, dialect: runtime.database.dialect, close: async () => {} };
    const inTransaction = { ...owner, database };
    for (const hook of runtime.dataHooks) await hook.eraseData?.(inTransaction);
    if (owner.email) await deletePendingSignup(database, owner.email);
    await deleteCodesOfAccount(database, owner);
    await deleteUser(database, owner.userId);
  });
  if (owner.email)
    await runtime.mailer.send(accountDeletedEmail(owner.email, emailLanguageOfHeaders(request.headers)));
  request.audit('account-deletion', { userId: owner.userId, outcome: 'success' });
  return findMe(runtime, { userId: null, platform: request.platform, deviceId: null });
}

function signedOut() {
  return new AppError(401, ErrorCode.unauthorized, 'Sign in to do this.');
}

async function proofOf(runtime: AccountsRuntime, owner: AccountDataOwner): Promise<DeletionProof> {
  if (!owner.email) return 'none';
  return (await hasPassword(runtime.database, owner.userId)) ? 'password' : 'code';
}

async function checkProof(
  runtime: AccountsRuntime,
  check: { owner: AccountDataOwner; proof: DeletionProof; input: DeleteAccountBody },
  request: AuthRequest,
): Promise<void> {
  const { owner, proof, input } = check;
  const account = { userId: owner.userId, email: String(owner.email) };
  if (proof === 'password') {
    await checkCurrentPassword(runtime, account, input.password ?? '', request);
  } else if (proof === 'code') {
    if (!input.code) throw accountError(400, AccountErrorCode.codeNotVerified, CODE_NOT_VERIFIED_MESSAGE);
    await checkAccountCode(runtime, { kind: 'delete-account', ...account, code: input.code }, request);
  }
}

async function runningSubscriptions(
  runtime: AccountsRuntime,
  owner: AccountDataOwner,
): Promise<RunningSubscription[]> {
  const found: RunningSubscription[] = [];
  for (const hook of runtime.dataHooks) found.push(...((await hook.findRunningSubscriptions?.(owner)) ?? []));
  return found;
}

const STORE_NAMES: Record<RunningSubscription['store'], string> = {
  'app-store': 'App Store',
  'google-play': 'Google Play',
  web: 'Manage Account',
};

function subscriptionsMessage(running: RunningSubscription[]): string {
  const names = running.map((subscription) => `${subscription.product} (${STORE_NAMES[subscription.store]})`);
  return `Deleting your account does not cancel ${names.join(', ')}: cancel it where you bought it, or confirm that you know it keeps running.`;
}

/** The user and account rows in the words of the API: no hash, no token. */
async function presentAccount(database: Database, userId: string) {
  const { user, account } = await findUserRecord(database, userId);
  return {
    user: user && {
      id: user.id,
      email: user.isAnonymous ? null : user.email,
      emailVerified: Boolean(user.emailVerified),
      isAnonymous: Boolean(user.isAnonymous),
      role: user.role,
      createdAt: new Date(user.createdAt).toISOString(),
      updatedAt: new Date(user.updatedAt).toISOString(),
    },
    hasPassword: await hasPassword(database, userId),
    account: account && {
      group: account.group_name,
      trialStatus: account.trial_status,
      trialStartedAt: account.trial_started_at,
      trialExpiresAt: account.trial_expires_at,
      promoCode: account.promo_code,
      billingId: account.billing_id,
      subscriptions: JSON.parse(account.subscriptions) as unknown,
      hasValidStoreSubscription: account.has_valid_store_subscription === 1,
      firstname: account.firstname,
      lastname: account.lastname,
      instagramUser: account.instagram_user,
      language: account.language,
      platform: account.platform,
      deviceId: account.device_id,
      createdAt: account.created_at,
      updatedAt: account.updated_at,
    },
  };
}
