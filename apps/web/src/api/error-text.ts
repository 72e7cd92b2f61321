import {
  AccountErrorCode,
  BillingErrorCode,
  ErrorCode,
  TOPIC_LIMITS,
  TopicErrorCode,
} from '@tagscout/core/api';
import { formatWait } from '@tagscout/core/format';
import type { TFunction } from 'i18next';
import type { TranslationKey } from '../i18n/i18n';
import { ApiError } from './client';

/** Every code the server answers, to its text under `errors.` in en.json and pt.json. */
const KEYS: Readonly<Record<string, TranslationKey>> = {
  [ErrorCode.invalidRequest]: 'errors.invalidRequest',
  [ErrorCode.notFound]: 'errors.notFound',
  [ErrorCode.unauthorized]: 'errors.unauthorized',
  [ErrorCode.forbidden]: 'errors.forbidden',
  [ErrorCode.conflict]: 'errors.conflict',
  [ErrorCode.payloadTooLarge]: 'errors.payloadTooLarge',
  [ErrorCode.unavailable]: 'errors.unavailable',
  [ErrorCode.internal]: 'errors.internal',
  [AccountErrorCode.invalidCredentials]: 'errors.invalidCredentials',
  [AccountErrorCode.emailNotVerified]: 'errors.emailNotVerified',
  [AccountErrorCode.weakPassword]: 'errors.weakPassword',
  [AccountErrorCode.codeNotVerified]: 'account.errors.codeNotVerified',
  [AccountErrorCode.codeExpired]: 'account.errors.codeExpired',
  [AccountErrorCode.trialUsed]: 'account.errors.trialUsed',
  [AccountErrorCode.mailboxTrialUsed]: 'account.errors.mailboxTrialUsed',
  [AccountErrorCode.unknownPromoCode]: 'account.errors.unknownPromoCode',
  [AccountErrorCode.csrf]: 'errors.csrf',
  [AccountErrorCode.relatedLimit]: 'upgradePrompt.relatedLimitReached',
  [AccountErrorCode.wrongPassword]: 'account.errors.wrongPassword',
  [AccountErrorCode.passwordExists]: 'account.errors.passwordExists',
  [AccountErrorCode.noPassword]: 'account.errors.noPassword',
  [AccountErrorCode.sameEmail]: 'account.errors.sameEmail',
  [AccountErrorCode.samePassword]: 'account.errors.samePassword',
  [AccountErrorCode.emailTaken]: 'account.errors.emailTaken',
  [AccountErrorCode.subscriptionsActive]: 'account.errors.subscriptionsActive',
  [BillingErrorCode.alreadySubscribed]: 'plans.errors.alreadySubscribed',
  [BillingErrorCode.offerClosed]: 'plans.errors.offerClosed',
  [BillingErrorCode.notConfigured]: 'plans.errors.notSetUp',
  [BillingErrorCode.providerUnavailable]: 'plans.errors.unavailable',
  [BillingErrorCode.badSignature]: 'errors.invalidRequest',
  [BillingErrorCode.checkoutNotFound]: 'errors.notFound',
  [TopicErrorCode.collectionsLimit]: 'errors.collectionsLimit',
  network: 'errors.network',
};

/** The numbers a text names, for the codes whose text has any. */
const VALUES: Readonly<Record<string, Record<string, number>>> = {
  [TopicErrorCode.collectionsLimit]: { count: TOPIC_LIMITS.topicsPerOwner },
};

/**
 * A failed call in the visitor's language, chosen by the server's error code: the server's own
 * sentence is English and, for bad input, names schema paths ("body.code: ..."), so it never
 * reaches a screen. A wait the server asked for is said in minutes ("Try again in 8 minutes").
 */
export function errorText(
  t: TFunction,
  error: unknown,
  fallbackKey: TranslationKey = 'errors.unknown',
): string {
  if (!(error instanceof ApiError)) return t(fallbackKey);
  if (error.code === ErrorCode.rateLimited || error.status === 429) {
    return error.retryAfterSeconds === null
      ? t('errors.rateLimited')
      : t('errors.rateLimitedFor', { wait: formatWait(error.retryAfterSeconds, t('common.locale')) });
  }
  const key = KEYS[error.code];
  return key ? t(key, VALUES[error.code]) : t(fallbackKey);
}
