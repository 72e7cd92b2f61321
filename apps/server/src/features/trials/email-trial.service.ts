import { resolveAccess, TrialStatus, UserGroup } from '@tagscout/core/access';
import {
  AccountErrorCode,
  ALREADY_REGISTERED_MESSAGE,
  CODE_NOT_VERIFIED_MESSAGE,
  type PromoCodeResponse,
  type TrialRegisterResponse,
  type VerifyAccountResponse,
} from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import {
  accountStateOf,
  deleteUser,
  findAccount,
  findUserByEmail,
  insertAccount,
  mergeAnonymousTrial,
  updateAccount,
} from '../accounts/accounts.service.js';
import { checkCode, resendCode } from '../guess-limits/one-time-codes.service.js';
import { mailboxOf, normaliseEmail } from '../identity/email-address.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { accountError, throwIfRefused, withoutCredentials } from '../sessions/auth-calls.js';
import { signOutEverywhere } from '../sessions/sessions.service.js';
import {
  DAY_MS,
  mailboxTrialUsed,
  type TrialOutcome,
  type TrialRegisterInput,
  trialUsed,
} from './trial-outcome.js';
import {
  claimTrialMailbox,
  deleteTrialRegistration,
  deleteTrialRegistrationsOfDevice,
  findTrialDevice,
  findTrialRegistration,
  recordTrialDevice,
  saveTrialRegistration,
} from './trials.repository.js';

export function findPromoCode(runtime: AccountsRuntime, code: string | undefined): PromoCodeResponse {
  const promoCode = (code?.trim() || runtime.config.DEFAULT_PROMO_CODE).toUpperCase();
  const promoPeriod = runtime.promoCodes.get(promoCode);
  if (promoPeriod === undefined) {
    throw accountError(404, AccountErrorCode.unknownPromoCode, 'That promo code is not valid.');
  }
  return { promoPeriod, promoCode };
}

/**
 * The email trial's first step: remember what was asked for and email a code to the address as
 * typed (decision 032). The answer is the same whether or not the address is registered, or its
 * mailbox had a trial; that comes out only at verifyAccount, once the code proves the address.
 */
export async function registerEmailTrial(
  runtime: AccountsRuntime,
  input: TrialRegisterInput & { email: string },
  request: AuthRequest,
): Promise<TrialRegisterResponse> {
  const email = normaliseEmail(input.email);
  const deviceId = input.uuid.toLowerCase();
  const promo = findPromoCode(runtime, input.promocode);
  // An email trial makes an account: it spends the sign-up budgets (decision 025).
  throwIfRefused(await runtime.throttle.countSignUp(request.ip));
  const device = await findTrialDevice(runtime.database, deviceId);
  if (device?.kind === 'email' && device.user_id) {
    const owner = await findUserByEmail(runtime.database, email);
    if (owner?.id !== device.user_id) throw trialUsed();
  }
  await saveTrialRegistration(runtime.database, {
    email,
    device_id: deviceId,
    promo_code: promo.promoCode,
    promo_period_days: promo.promoPeriod,
    firstname: input.firstname ?? '',
    lastname: input.lastname ?? '',
    instagram_user: input.instagramuser ?? null,
    language: input.language ?? null,
    platform: input.platform,
    created_at: runtime.now(),
  });
  await resendCode(runtime, { email, purpose: 'trial' }, request);
  return {
    message: 'code_sent',
    UID: null,
    uuID: deviceId,
    expire: Math.round(promo.promoPeriod * 86_400),
    userGroup: UserGroup.trial,
    trialStatus: TrialStatus.unverified,
    inTrial: false,
  };
}

/**
 * The email trial's code step. A new address starts its trial (an anonymous trial on this device
 * moves into it) if its mailbox had none: name+x@host and name+y@host are one mailbox, and of
 * two, even concurrent, only one gets a trial (decision 032); the other is refused and keeps no
 * account. An address verified before gets the "already registered" answer with its own device id
 * and details, and no new trial. Either way the visitor is signed in: the code proved they own the
 * address.
 */
export async function verifyTrialAccount(
  runtime: AccountsRuntime,
  input: {
    email: string;
    code: string;
    uuid?: string | undefined;
    language?: string | undefined;
    session: 'cookie' | 'bearer';
  },
  request: AuthRequest,
): Promise<TrialOutcome<VerifyAccountResponse>> {
  const email = normaliseEmail(input.email);
  const before = await findUserByEmail(runtime.database, email);
  const wasRegistered = Boolean(before?.emailVerified && !before.isAnonymous);
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
  const now = runtime.now();
  const registration = await findTrialRegistration(runtime.database, email);
  // The device that proved the mailbox, not whichever device asked for the code.
  const deviceId =
    (input.uuid ?? request.viewer.deviceId ?? registration?.device_id ?? null)?.toLowerCase() ?? null;
  let row = await findAccount(runtime.database, user.id);

  if (!wasRegistered || !row) {
    const mailbox = mailboxOf(email);
    if (!(await claimTrialMailbox(runtime.database, { mailbox, userId: user.id, now }))) {
      await refuseTrial(runtime, { userId: user.id, email, before: before && { wasRegistered }, now });
      throw mailboxTrialUsed();
    }
    const promo = registration
      ? { promoCode: registration.promo_code, promoPeriod: registration.promo_period_days }
      : findPromoCode(runtime, undefined);
    const fields = {
      device_id: deviceId,
      group_name: UserGroup.trial,
      trial_status: TrialStatus.active,
      trial_started_at: now,
      trial_expires_at: now + Math.round(promo.promoPeriod * DAY_MS),
      promo_code: promo.promoCode,
      firstname: registration?.firstname ?? '',
      lastname: registration?.lastname ?? '',
      instagram_user: registration?.instagram_user ?? null,
      language: registration?.language ?? input.language ?? null,
      platform: registration?.platform ?? request.platform,
      updated_at: now,
    };
    if (row) await updateAccount(runtime.database, user.id, fields);
    else
      await insertAccount(runtime.database, {
        user_id: user.id,
        billing_id: null,
        created_at: now,
        ...fields,
      });
    if (deviceId) {
      await recordTrialDevice(runtime.database, {
        device_id: deviceId,
        kind: 'email',
        user_id: user.id,
        platform: fields.platform,
        created_at: now,
      });
    }
    await moveAnonymousTrial(runtime, request, { toUserId: user.id, trialDays: promo.promoPeriod, now });
  } else if (!row.device_id && deviceId) {
    await updateAccount(runtime.database, user.id, { device_id: deviceId, updated_at: now });
  }
  await deleteTrialRegistration(runtime.database, email);
  row = await findAccount(runtime.database, user.id);

  const account = accountStateOf(row, { now, platform: request.platform, isSignedIn: true });
  const capabilities = resolveAccess(account);
  return {
    answer: {
      message: wasRegistered ? ALREADY_REGISTERED_MESSAGE : 'verified',
      alreadyRegistered: wasRegistered,
      inTrial: account.inTrial,
      userGroup: capabilities.group,
      trialStatus: account.trialStatus,
      expire: account.expireSeconds,
      UID: user.id,
      uuID: row?.device_id ?? deviceId ?? '',
      email,
      firstname: row?.firstname ?? '',
      lastname: row?.lastname ?? '',
      promocode: row?.promo_code ?? null,
      ...(input.session === 'bearer' && { token }),
    },
    cookies: input.session === 'cookie' ? result.headers : null,
  };
}

/**
 * A trial refused because its mailbox had one: the user the code just made goes (it has nothing
 * yet), and a user from before that was not registered (a sign-up waiting for its code, which has
 * no other session) is signed out of the one the code opened. The registration waiting goes too.
 */
async function refuseTrial(
  runtime: AccountsRuntime,
  refused: { userId: string; email: string; before: { wasRegistered: boolean } | undefined; now: number },
) {
  if (!refused.before) await deleteUser(runtime.database, refused.userId);
  else if (!refused.before.wasRegistered)
    await signOutEverywhere(runtime.database, refused.userId, refused.now);
  await deleteTrialRegistration(runtime.database, refused.email);
}

/** The anonymous trial this visitor had becomes the email account: its data and its trial clock. */
async function moveAnonymousTrial(
  runtime: AccountsRuntime,
  request: AuthRequest,
  move: { toUserId: string; trialDays: number; now: number },
) {
  const anonymousId = request.viewer.userId;
  if (!anonymousId || anonymousId === move.toUserId || request.viewer.email !== null) return;
  await mergeAnonymousTrial(runtime.database, runtime, { fromUserId: anonymousId, ...move });
  await signOutEverywhere(runtime.database, anonymousId, move.now);
}

/**
 * Forgets the unverified email registration started on this device. Its code stays valid: a device
 * id proves nothing without a session, so this must never cancel the trial of whoever reads the
 * mailbox (a new registration sends a new code anyway).
 */
export async function removeUser(runtime: AccountsRuntime, deviceId: string): Promise<void> {
  await deleteTrialRegistrationsOfDevice(runtime.database, deviceId.toLowerCase());
}
