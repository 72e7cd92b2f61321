import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import type { TranslationKey } from '../../i18n/i18n';

/** A failed account call in the visitor's language, by its code (api/error-text.ts); `fallbackKey` for the rest. */
export function accountErrorText(
  t: TFunction,
  error: unknown,
  fallbackKey: TranslationKey = 'account.errors.unknown',
): string {
  return errorText(t, error, fallbackKey);
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
