import { type Platform, resolveAccess, TrialStatus, UserGroup } from '@tagscout/core/access';
import {
  AccountErrorCode,
  ALREADY_REGISTERED_MESSAGE,
  ANONYMOUS_PROMO_CODE,
  type CheckForTrialResponse,
  CODE_NOT_VERIFIED_MESSAGE,
  type PromoCodeResponse,
  type TrialRegisterResponse,
  type VerifyAccountResponse,
} from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import {
  claimTrialDevice,
  deleteTrialRegistration,
  deleteTrialRegistrationsOfDevice,
  findAccount,
  findAccountByDevice,
  findTrialDevice,
  findTrialRegistration,
  findUserByEmail,
  insertAccount,
  recordTrialDevice,
  saveTrialRegistration,
  updateAccount,
} from './accounts.repository.js';
import type { AccountsRuntime } from './accounts.runtime.js';
import { accountStateOf, mergeAnonymousTrial, signOutEverywhere } from './accounts.service.js';
import { accountError, callAuth, throwIfRefused } from './auth-calls.js';
import {
  type AuthRequest,
  checkCode,
  mailboxOf,
  resendCode,
  withoutCredentials,
} from './identity.service.js';

const DAY_MS = 86_400_000;

/** SPEC section 9: the anonymous trial lasts 3 days on web and Android, 0.0417 days on iOS. */
export function anonymousTrialDays(platform: Platform): number {
  if (platform === 'ios') return LIMITS.anonymousTrialDaysIos;
  return platform === 'android' ? LIMITS.anonymousTrialDaysAndroid : LIMITS.anonymousTrialDaysWeb;
}

export function findPromoCode(runtime: AccountsRuntime, code: string | undefined): PromoCodeResponse {
  const promoCode = (code?.trim() || runtime.config.DEFAULT_PROMO_CODE).toUpperCase();
  const promoPeriod = runtime.promoCodes.get(promoCode);
  if (promoPeriod === undefined) {
    throw accountError(404, AccountErrorCode.unknownPromoCode, 'That promo code is not valid.');
  }
  return { promoPeriod, promoCode };
}

export interface TrialRegisterInput {
  uuid: string;
  email?: string | undefined;
  promocode?: string | undefined;
  language?: string | undefined;
  firstname?: string | undefined;
  lastname?: string | undefined;
  instagramuser?: string | undefined;
  platform: Platform;
  session: 'cookie' | 'bearer';
}

export interface TrialOutcome<T> {
  answer: T;
  cookies: Headers | null;
}

export async function registerTrial(
  runtime: AccountsRuntime,
  input: TrialRegisterInput,
  request: AuthRequest,
): Promise<TrialOutcome<TrialRegisterResponse>> {
  const isAnonymous = !input.email || input.promocode?.toLowerCase() === ANONYMOUS_PROMO_CODE;
  if (isAnonymous) return registerAnonymousTrial(runtime, input, request);
  return {
    answer: await registerEmailTrial(runtime, { ...input, email: input.email ?? '' }, request),
    cookies: null,
  };
}

/** "Skip": an anonymous user with a session; one per device id, 30 per IP per hour. */
async function registerAnonymousTrial(
  runtime: AccountsRuntime,
  input: TrialRegisterInput,
  request: AuthRequest,
): Promise<TrialOutcome<TrialRegisterResponse>> {
  const deviceId = input.uuid.toLowerCase();
  const { viewer } = request;
  if (
    viewer.userId &&
    viewer.deviceId === deviceId &&
    viewer.account.trialStatus === TrialStatus.unRegTrial
  ) {
    return {
      answer: trialAnswer(viewer.userId, deviceId, viewer.account.expireSeconds, input.platform),
      cookies: null,
    };
  }
  if (await findTrialDevice(runtime.database, deviceId)) throw trialUsed();
  throwIfRefused(await runtime.throttle.countAnonymousTrial(request.ip));

  const now = runtime.now();
  // Claim the device first: of two racing requests only one gets a trial.
  const claimed = await claimTrialDevice(runtime.database, deviceId, input.platform, now);
  if (!claimed) throw trialUsed();
  const result = await callAuth(() =>
    runtime.auth.api.signInAnonymous({ headers: withoutCredentials(request.headers), asResponse: true }),
  );
  const user = result.body?.user as { id: string } | undefined;
  const token = result.body?.token;
  if (result.status >= 400 || !user || typeof token !== 'string') {
    throw new Error(`anonymous sign-in failed with ${result.status}`);
  }
  const days = anonymousTrialDays(input.platform);
  const expiresAt = now + Math.round(days * DAY_MS);
  await insertAccount(runtime.database, {
    user_id: user.id,
    device_id: deviceId,
    group_name: UserGroup.unRegTrial,
    trial_status: TrialStatus.unRegTrial,
    trial_started_at: now,
    trial_expires_at: expiresAt,
    promo_code: ANONYMOUS_PROMO_CODE,
    billing_id: null,
    instagram_user: null,
    language: input.language ?? null,
    platform: input.platform,
    created_at: now,
    updated_at: now,
  });
  await recordTrialDevice(runtime.database, {
    device_id: deviceId,
    kind: 'anonymous',
    user_id: user.id,
    platform: input.platform,
    created_at: now,
  });
  const expire = Math.floor((expiresAt - now) / 1000);
  request.audit('anonymous-trial', { userId: user.id, outcome: 'success' });
  return {
    answer: {
      ...trialAnswer(user.id, deviceId, expire, input.platform),
      ...(input.session === 'bearer' && { token }),
    },
    cookies: input.session === 'cookie' ? result.headers : null,
  };
}

function trialAnswer(
  userId: string,
  deviceId: string,
  expire: number,
  _platform: Platform,
): TrialRegisterResponse {
  return {
    message: 'trial_started',
    UID: userId,
    uuID: deviceId,
    expire,
    userGroup: UserGroup.unRegTrial,
    trialStatus: TrialStatus.unRegTrial,
    inTrial: expire > 0,
  };
}

function trialUsed() {
  return accountError(409, AccountErrorCode.trialUsed, 'This device has already used its free trial.');
}

/**
 * The email trial's first step: remember what was asked for and email a code. The answer is the
 * same whether or not the address is registered; that comes out only at verifyAccount.
 */
async function registerEmailTrial(
  runtime: AccountsRuntime,
  input: TrialRegisterInput & { email: string },
  request: AuthRequest,
): Promise<TrialRegisterResponse> {
  const email = mailboxOf(input.email);
  const deviceId = input.uuid.toLowerCase();
  const promo = findPromoCode(runtime, input.promocode);
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
 * moves into it); an address verified before gets SPEC's "already registered" answer with its own
 * device id and details, and no new trial. Either way the visitor is signed in: the code proved
 * they own the address.
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
  const email = mailboxOf(input.email);
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

/** The trial state of a device by the server clock; the email only for the device's own user. */
export async function checkForTrial(
  runtime: AccountsRuntime,
  deviceId: string,
  request: AuthRequest,
): Promise<CheckForTrialResponse> {
  const device = deviceId.toLowerCase();
  const { viewer } = request;
  if (viewer.userId && viewer.deviceId === device) {
    return {
      error: false,
      userGroup: viewer.capabilities.group,
      trialStatus: viewer.account.trialStatus,
      inTrial: viewer.account.inTrial,
      expire: viewer.account.expireSeconds,
      email: viewer.email,
    };
  }
  const row = await findAccountByDevice(runtime.database, device);
  const account = accountStateOf(row, { now: runtime.now(), platform: request.platform, isSignedIn: false });
  return {
    error: false,
    userGroup: resolveAccess(account).group,
    trialStatus: account.trialStatus,
    inTrial: account.inTrial,
    expire: account.expireSeconds,
    email: null,
  };
}
