import type {
  CheckEmailResponse,
  CodePurpose,
  CountdownResponse,
  MeResponse,
  PromoCodeResponse,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
  TrialRegisterBody,
  TrialRegisterResponse,
  VerifyAccountBody,
  VerifyAccountResponse,
} from '@tagscout/core/api';
import { apiGet, apiSend, forgetSessionToken, usesBearer } from '../../api/client';
import { detectPlatform } from '../../shell/platform';
import { getDeviceId } from './device-id';

/**
 * The accounts API (docs/api-accounts.md). Every call carries X-Platform and the device id; on the
 * mobile apps the session is a bearer token kept in local storage instead of a cookie.
 */

const platform = detectPlatform();
const transport = usesBearer ? ('bearer' as const) : ('cookie' as const);

export const fetchMe = (signal?: AbortSignal) => call<MeResponse>('GET', '/account/me', undefined, signal);

export const signUp = (body: SignUpBody) => call<CheckEmailResponse>('POST', '/account/sign-up', body);

/** The password goes with the code when the visitor just chose it: only the mailbox's reader may set it. */
export const verifyEmail = (email: string, code: string, password?: string) =>
  call<MeResponse>('POST', '/account/verify-email', {
    email,
    code,
    ...(password !== undefined && { password }),
    session: transport,
  });

export const resendCode = (email: string, purpose: CodePurpose) =>
  call<CheckEmailResponse>('POST', '/account/resend-code', { email, purpose });

export const signIn = (body: Omit<SignInBody, 'session'>) =>
  call<MeResponse>('POST', '/account/sign-in', { ...body, session: transport });

export const forgotPassword = (email: string) =>
  call<CheckEmailResponse>('POST', '/account/forgot-password', { email });

export const resetPassword = (body: ResetPasswordBody) =>
  call<{ status: 'password_reset' }>('POST', '/account/reset-password', body);

/** Global sign-out: every session of the user ends. */
export async function signOutEverywhere(): Promise<MeResponse> {
  const me = await call<MeResponse>('POST', '/account/sign-out', {});
  forgetSessionToken();
  return me;
}

/** The promo code's trial length; without a code, the server's default promo code. */
export const checkPromoCode = (code?: string) =>
  call<PromoCodeResponse>('GET', `/trial/checkPromoCode${code ? `?code=${encodeURIComponent(code)}` : ''}`);

export const checkEmail = (email: string) =>
  call<{ message: 'continue' }>('POST', '/trial/checkEmail', { email });

export const trialRegister = (body: Omit<TrialRegisterBody, 'uuid' | 'platform' | 'session'>) =>
  call<TrialRegisterResponse>('POST', '/trial/trialRegister', {
    ...body,
    uuid: getDeviceId(),
    platform,
    session: transport,
  });

export const verifyAccount = (body: Omit<VerifyAccountBody, 'uuid' | 'session'>) =>
  call<VerifyAccountResponse>('POST', '/trial/verifyAccount', {
    ...body,
    uuid: getDeviceId(),
    session: transport,
  });

/** Forgets the unverified email registration started on this device (the SPEC's resend is this + register). */
export const removeUser = () =>
  call<{ message: 'removed' }>('POST', '/trial/removeUser', { uuID: getDeviceId() });

/** The live event's date in ms since 1970, or null when none is set. */
export async function fetchLiveDate(signal?: AbortSignal): Promise<number | null> {
  const answer = await call<CountdownResponse>('GET', '/countdown', undefined, signal);
  const seconds = answer.return.countDownDate;
  return seconds > 0 ? seconds * 1000 : null;
}

function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  return method === 'GET' ? apiGet<T>(path, { signal }) : apiSend<T>('POST', path, body, { signal });
}
