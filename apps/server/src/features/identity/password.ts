import { hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORDS } from '@tagscout/core/common-passwords';
import { checkPasswordRules, PASSWORD_RULES, type PasswordRule } from '@tagscout/core/passwords';

/** argon2id with OWASP's parameters (docs/security-policy.md#passwords): m=19456 KiB, t=2, p=1. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(input.hash, input.password);
  } catch {
    return false;
  }
}

const RULE_TEXT: Record<PasswordRule, string> = {
  length: 'more than 8 characters (at most 128)',
  lowercase: 'a lower-case letter',
  uppercase: 'an upper-case letter',
  digit: 'a number',
  special: 'a special character',
  notGuessable: 'no common password or easy word',
  match: 'both passwords the same',
};

/**
 * Why a password is refused, or null when it is acceptable: core's rules, the checklist the web
 * shows (docs/security-policy.md#passwords): the product's rules, the 128 maximum, and no common
 * password (even decorated: "Password123!" is "password" with a suffix), the product name or the
 * email's local part.
 */
export function findPasswordProblem(password: string, repeat: string, email: string): string | null {
  const rules = checkPasswordRules(password, repeat, { email, commonPasswords: COMMON_PASSWORDS });
  const missing = PASSWORD_RULES.filter((rule) => !rules[rule]);
  if (missing.length === 1 && missing[0] === 'notGuessable') {
    return 'That password is too common or too easy to guess (a common password, "tagscout" or the name of your email address). Choose another.';
  }
  if (missing.length > 0) return `The password needs ${missing.map((rule) => RULE_TEXT[rule]).join(', ')}.`;
  return null;
}
