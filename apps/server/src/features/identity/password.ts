import { hash, verify } from '@node-rs/argon2';
import { checkPasswordRules, PASSWORD_RULES, type PasswordRule } from '@tagscout/core/api';
import { dictionary } from '@zxcvbn-ts/language-common';

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
  match: 'both passwords the same',
};

let commonPasswords: Set<string> | undefined;

/**
 * Why a password is refused, or null when it is acceptable: the product's rules, the 128
 * maximum, and no common password (docs/security-policy.md#passwords), even decorated ("Password123!" is "password"
 * with a suffix), and not the email's local part or the product name.
 */
export function findPasswordProblem(password: string, repeat: string, email: string): string | null {
  const rules = checkPasswordRules(password, repeat);
  const missing = PASSWORD_RULES.filter((rule) => !rules[rule]).map((rule) => RULE_TEXT[rule]);
  if (missing.length > 0) return `The password needs ${missing.join(', ')}.`;
  if (isGuessable(password, email)) {
    return 'That password is too common or too easy to guess. Choose another.';
  }
  return null;
}

function isGuessable(password: string, email: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  const lower = password.toLowerCase();
  // Strip the digits and symbols people add around a word to pass composition rules.
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (commonPasswords.has(lower) || (core.length >= 3 && commonPasswords.has(core))) return true;
  const localPart = email.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 4 && lower.includes(localPart)) return true;
  return lower.includes('tagscout');
}
