import { isGuessablePassword, type PasswordContext } from './is-guessable-password.js';

/**
 * The account-setup rules, in the order the live checklist shows them (docs/product-rules.md#passwords).
 * `notGuessable` is the server's refusal of common passwords and easy words, shown on the checklist
 * too, so a password the list calls good is one the server takes.
 */
export const PASSWORD_RULES = [
  'length',
  'lowercase',
  'uppercase',
  'digit',
  'special',
  'notGuessable',
  'match',
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export const PASSWORD_MIN_EXCLUSIVE = 8;
export const PASSWORD_MAX = 128;

/**
 * Which password rules hold: more than 8 characters (and at most 128), a lower-case letter, an
 * upper-case letter, a digit, a special character (anything that is not a letter, digit or space),
 * not a common password or an easy word (isGuessablePassword: pass the common-password list where
 * it is loaded, and the account's address), and both fields equal.
 */
export function checkPasswordRules(
  password: string,
  repeat: string,
  context: PasswordContext = {},
): Record<PasswordRule, boolean> {
  const length = [...password].length;
  return {
    length: length > PASSWORD_MIN_EXCLUSIVE && length <= PASSWORD_MAX,
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
    notGuessable: !isGuessablePassword(password, context),
    match: password === repeat,
  };
}

export function isPasswordAcceptable(
  password: string,
  repeat: string,
  context: PasswordContext = {},
): boolean {
  return Object.values(checkPasswordRules(password, repeat, context)).every(Boolean);
}
