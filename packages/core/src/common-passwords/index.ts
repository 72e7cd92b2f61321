import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common-password block-list (docs/security-policy.md#passwords): zxcvbn's list of about 49,000,
 * lower-case. Its own entry point because it is large: the server imports it, the web loads it only
 * on a password form (isGuessablePassword takes it as `commonPasswords`).
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);
