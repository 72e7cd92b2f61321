import type { CodePurpose } from '@tagscout/core/api';
import { forgetSessionToken, usesBearer } from '../../api/client';
import { api, type Body, dataOf } from '../../api/typed-client';
import { detectPlatform } from '../../shell/platform';
import { getDeviceId } from './device-id';

/**
 * The accounts API (docs/api-accounts.md). Every call carries X-Platform and the device id; on the
 * mobile apps the session is a bearer token kept in local storage instead of a cookie.
 */

const platform = detectPlatform();
const transport = usesBearer ? ('bearer' as const) : ('cookie' as const);

export const fetchMe = (signal?: AbortSignal) => dataOf(api.GET('/api/account/me', { signal }));

export const signUp = (body: Body<'/api/account/sign-up', 'post'>) =>
  dataOf(api.POST('/api/account/sign-up', { body }));

/** The password goes with the code when the visitor just chose it: only the mailbox's reader may set it. */
export const verifyEmail = (email: string, code: string, password?: string) =>
  dataOf(
    api.POST('/api/account/verify-email', {
      body: { email, code, ...(password !== undefined && { password }), session: transport },
    }),
  );

export const resendCode = (email: string, purpose: CodePurpose) =>
  dataOf(api.POST('/api/account/resend-code', { body: { email, purpose } }));

export const signIn = (body: Omit<Body<'/api/account/sign-in', 'post'>, 'session'>) =>
  dataOf(api.POST('/api/account/sign-in', { body: { ...body, session: transport } }));

/** A code to sign in with instead of a password (the way in for an account without one). */
export const requestSignInCode = (email: string) =>
  dataOf(api.POST('/api/account/sign-in-code', { body: { email } }));

export const signInWithCode = (email: string, code: string) =>
  dataOf(api.POST('/api/account/sign-in-with-code', { body: { email, code, session: transport } }));

export const forgotPassword = (email: string) =>
  dataOf(api.POST('/api/account/forgot-password', { body: { email } }));

export const resetPassword = (body: Body<'/api/account/reset-password', 'post'>) =>
  dataOf(api.POST('/api/account/reset-password', { body }));

/** Global sign-out: every session of the user ends. */
export async function signOutEverywhere() {
  const me = await dataOf(api.POST('/api/account/sign-out', { body: {} }));
  forgetSessionToken();
  return me;
}

/** The promo code's trial length; without a code, the server's default promo code. */
export const checkPromoCode = (code?: string) =>
  dataOf(api.GET('/api/trial/checkPromoCode', { params: { query: code ? { code } : {} } }));

export const checkEmail = (email: string) => dataOf(api.POST('/api/trial/checkEmail', { body: { email } }));

export const trialRegister = (
  body: Omit<Body<'/api/trial/trialRegister', 'post'>, 'uuid' | 'platform' | 'session'>,
) =>
  dataOf(
    api.POST('/api/trial/trialRegister', {
      body: { ...body, uuid: getDeviceId(), platform, session: transport },
    }),
  );

export const verifyAccount = (body: Omit<Body<'/api/trial/verifyAccount', 'post'>, 'uuid' | 'session'>) =>
  dataOf(
    api.POST('/api/trial/verifyAccount', { body: { ...body, uuid: getDeviceId(), session: transport } }),
  );

/** Forgets the unverified email registration started on this device (a resend is this + register). */
export const removeUser = () => dataOf(api.POST('/api/trial/removeUser', { body: { uuID: getDeviceId() } }));

/** The live event's date in ms since 1970, or null when none is set. */
export async function fetchLiveDate(signal?: AbortSignal): Promise<number | null> {
  const answer = await dataOf(api.GET('/api/countdown', { signal }));
  const seconds = answer.return.countDownDate;
  return seconds > 0 ? seconds * 1000 : null;
}
