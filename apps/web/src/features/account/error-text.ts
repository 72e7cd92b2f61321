import { AccountErrorCode } from '@tagscout/core/api';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';

const KEYS: Partial<Record<string, string>> = {
  [AccountErrorCode.codeNotVerified]: 'account.errors.codeNotVerified',
  [AccountErrorCode.codeExpired]: 'account.errors.codeExpired',
  [AccountErrorCode.trialUsed]: 'account.errors.trialUsed',
  [AccountErrorCode.unknownPromoCode]: 'account.errors.unknownPromoCode',
  [AccountErrorCode.rateLimited]: 'account.errors.rateLimited',
  network: 'account.errors.network',
};

/**
 * A failed account call in the visitor's language. Known codes have their own text; for the rest
 * the server's sentence (English) is better than nothing, and `fallbackKey` covers the unknown.
 */
export function accountErrorText(
  t: TFunction,
  error: unknown,
  fallbackKey = 'account.errors.unknown',
): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  const key = KEYS[error.code];
  if (key) return t(key);
  return error.message || t(fallbackKey);
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
