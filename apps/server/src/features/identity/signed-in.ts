import type { MeResponse } from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { findAccount } from '../accounts/accounts.service.js';
import { issueKnownDevice, knownDeviceOf } from '../guess-limits/known-device.js';
import type { AuthRequest } from '../sessions/account-request.js';
import { sessionEpochOf } from '../sessions/sessions.service.js';
import { findMe } from './me.service.js';

// What every way of signing in shares: the answer and cookies of a new session, a password put in
// place, and the names the guess limits use.

/** A call that signs in: the Me answer, and the cookies to set (null when the token goes in the body). */
export interface SignedIn {
  me: MeResponse;
  cookies: Headers | null;
  /** A new known-device token for the browser (known-device.ts); null for a bearer session (no cookies). */
  knownDevice: string | null;
}

/** Better Auth's public API sets a password only from clear text, so a waiting hash goes in by its adapter. */
export async function setCredentialPassword(runtime: AccountsRuntime, userId: string, passwordHash: string) {
  const context = await runtime.auth.$context;
  if (await context.internalAdapter.findCredentialAccount(userId)) {
    await context.internalAdapter.updatePassword(userId, passwordHash);
  } else {
    await context.internalAdapter.createAccount({
      userId,
      providerId: 'credential',
      accountId: userId,
      password: passwordHash,
    });
  }
}

/**
 * The browser's known-device id for this account: its token must have been issued for the address
 * at the account's current session epoch (a reset or sign-out everywhere revokes every token).
 */
export async function knownDeviceFor(
  runtime: AccountsRuntime,
  token: string | null,
  email: string,
): Promise<string | null> {
  if (!token) return null;
  const epoch = await sessionEpochOf(runtime.database, email);
  return epoch === null ? null : knownDeviceOf(token, email, epoch, runtime.secret);
}

/** The sign-in limits' name for an address. */
export function signInAccount(email: string): string {
  return `sign-in:${email}`;
}

/** The Me answer of a new session, with its cookies (or token) and a known-device token signed with the account's epoch. */
export async function signedIn(
  runtime: AccountsRuntime,
  session: { userId: string; email: string; token: string; transport: 'cookie' | 'bearer'; headers: Headers },
  request: AuthRequest,
): Promise<SignedIn> {
  const row = await findAccount(runtime.database, session.userId);
  const me = await findMe(runtime, {
    userId: session.userId,
    platform: request.platform,
    deviceId: row?.device_id ?? request.viewer.deviceId,
    ...(session.transport === 'bearer' && { token: session.token }),
  });
  if (session.transport === 'bearer') return { me, cookies: null, knownDevice: null };
  // Signed with the account's session epoch, so the next reset or sign-out everywhere revokes it.
  const knownDevice = row ? issueKnownDevice(session.email, row.session_epoch, runtime.secret) : null;
  return { me, cookies: session.headers, knownDevice };
}
