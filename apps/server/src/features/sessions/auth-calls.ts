import { AccountErrorCode } from '@tagscout/core/api';
import { isAPIError } from 'better-auth/api';
import { AppError } from '../../app-error.js';

/** What one Better Auth endpoint answered, whether it succeeded or threw. */
export interface AuthCallResult {
  status: number;
  code: string | null;
  body: Record<string, unknown> | null;
  headers: Headers;
}

/** Runs `auth.api.x({..., asResponse: true})` and answers its status, body and headers; never throws APIError. */
export async function callAuth(call: () => Promise<Response>): Promise<AuthCallResult> {
  try {
    const response = await call();
    const text = await response.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown> | null) : null;
    const code = response.status >= 400 && typeof body?.code === 'string' ? body.code : null;
    return { status: response.status, code, body, headers: response.headers };
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const body = (error.body ?? null) as Record<string, unknown> | null;
    return {
      status: error.statusCode,
      code: typeof body?.code === 'string' ? body.code : null,
      body,
      headers: new Headers((error.headers ?? undefined) as ConstructorParameters<typeof Headers>[0]),
    };
  }
}

/** The one way our account routes fail on purpose: a status, one of AccountErrorCode, a sentence. */
export function accountError(status: number, code: AccountErrorCode, message: string): AppError {
  return new AppError(status, code, message);
}

/** 429; plugins/auth.ts adds Retry-After from it. */
export class RateLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      AccountErrorCode.rateLimited,
      `Too many attempts. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    );
  }
}

export function throwIfRefused(refusal: { retryAfterSeconds: number } | null): void {
  if (refusal) throw new RateLimitError(refusal.retryAfterSeconds);
}

/** Calls that sign in must not see the caller's current session (Better Auth's anonymous hooks would act on it). */
export function withoutCredentials(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete('cookie');
  copy.delete('authorization');
  return copy;
}
