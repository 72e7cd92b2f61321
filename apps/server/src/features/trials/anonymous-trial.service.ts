import { type Platform, TrialStatus, UserGroup } from '@tagscout/core/access';
import { ANONYMOUS_PROMO_CODE, type TrialRegisterResponse } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { insertAccount } from '../accounts/accounts.service.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { callAuth, throwIfRefused, withoutCredentials } from '../sessions/auth-calls.js';
import { DAY_MS, type TrialOutcome, type TrialRegisterInput, trialUsed } from './trial-outcome.js';
import { claimTrialDevice, findTrialDevice, recordTrialDevice } from './trials.repository.js';

/** The anonymous trial lasts 3 days on web and Android, 0.0417 days on iOS. */
export function anonymousTrialDays(platform: Platform): number {
  if (platform === 'ios') return LIMITS.anonymousTrialDaysIos;
  return platform === 'android' ? LIMITS.anonymousTrialDaysAndroid : LIMITS.anonymousTrialDaysWeb;
}

/** "Skip": an anonymous user with a session; one per device id, 30 per IP per hour. */
export async function registerAnonymousTrial(
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
