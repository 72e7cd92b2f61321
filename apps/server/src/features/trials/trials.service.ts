import { resolveAccess } from '@tagscout/core/access';
import {
  ANONYMOUS_PROMO_CODE,
  type CheckForTrialResponse,
  type TrialRegisterResponse,
} from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { accountStateOf, findAccountByDevice } from '../accounts/accounts.service.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { registerAnonymousTrial } from './anonymous-trial.service.js';
import { registerEmailTrial } from './email-trial.service.js';
import type { TrialOutcome, TrialRegisterInput } from './trial-outcome.js';

/** The two trials (docs/product-rules.md#trials): "Skip" starts the anonymous one; an email (without the anonymous promo code) the email one. */
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
