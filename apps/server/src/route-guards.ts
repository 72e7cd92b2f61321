import { clientOf } from './client-address.js';

// Framework-free, so a feature's own guard can be documented without importing a plugin.

/** What a guard may answer, for the OpenAPI document (plugins/openapi.ts reads it). */
export interface GuardAnswers {
  statuses: (401 | 403)[];
  /** It lets no one through without a session (a cookie or a bearer token). */
  needsSession: boolean;
}

const answersByGuard = new WeakMap<object, GuardAnswers>();

/** Marks a preHandler or onRequest guard with what it may answer; returns the guard itself. */
export function documentedGuard<Guard extends object>(guard: Guard, answers: GuardAnswers): Guard {
  answersByGuard.set(guard, answers);
  return guard;
}

export function guardAnswersOf(hook: unknown): GuardAnswers | undefined {
  return typeof hook === 'function' ? answersByGuard.get(hook) : undefined;
}

/** A route schema's `security` when its handler itself requires a session. */
export const SESSION_REQUIRED: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [] }];

/**
 * A rate limit's key that counts a signed-in account's requests together wherever they come from,
 * and anyone else's by client (an IPv6 /64 is one client, as in client-address.ts).
 */
export function perAccountKey(
  prefix: string,
): (request: { viewer: { userId?: string | null }; ip: string }) => string {
  return (request) => `${prefix}:${request.viewer.userId ?? `client:${clientOf(request.ip)}`}`;
}
