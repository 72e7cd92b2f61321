import type { Database } from '../../db/connect.js';
import {
  deleteAllSessions,
  deleteOtherSessions,
  deleteSessionOfUser,
  findSessionEpochByEmail,
  findSessionsOfUser,
} from './sessions.repository.js';

/** Global sign-out: every session and bearer token of the user ends now. */
export async function signOutEverywhere(database: Database, userId: string, now: number): Promise<number> {
  return deleteAllSessions(database, userId, now);
}

/**
 * The account's session epoch, which every global sign-out (and so every password reset) bumps:
 * what is signed with it (known-device tokens) is revoked then. Null when no account has the address.
 */
export async function sessionEpochOf(database: Database, email: string): Promise<number | null> {
  return findSessionEpochByEmail(database, email);
}

/** Ends one of the user's own sessions, named by its opaque id (list-sessions). */
export async function revokeSession(database: Database, userId: string, sessionId: string): Promise<void> {
  await deleteSessionOfUser(database, userId, sessionId);
}

/** Ends every session of the user but the one asking. */
export async function revokeOtherSessions(database: Database, userId: string, currentSessionId: string) {
  await deleteOtherSessions(database, userId, currentSessionId);
}

/** The user's sessions for "download my data": times, address and browser of each, no token. */
export async function listSessionsOf(database: Database, userId: string) {
  const rows = await findSessionsOfUser(database, userId);
  return rows.map((row) => ({
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: new Date(row.updatedAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  }));
}
