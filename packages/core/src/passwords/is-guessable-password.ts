/** What a password is checked against besides its own characters. */
export interface PasswordContext {
  /** The account's address: a password holding its name (the part before @, 4 letters or more) is guessable. */
  email?: string | undefined;
  /**
   * Common passwords, lower-case (`@tagscout/core/common-passwords`; the web loads it on demand).
   * Without it only the product's name and the address are checked.
   */
  commonPasswords?: ReadonlySet<string> | null | undefined;
}

/** Words no password may hold, whatever surrounds them: the product's own name first of all. */
export const GUESSABLE_WORDS: readonly string[] = ['tagscout'];

/**
 * Whether a password is a common password or an easy word (docs/security-policy.md#passwords): in
 * the common list as typed, or once the digits and symbols people add around a word are stripped
 * ("Password123!" is "password"); holding the product's name; or holding the name of the account's
 * address. One rule for the server's refusal and the web's checklist.
 */
export function isGuessablePassword(password: string, context: PasswordContext = {}): boolean {
  const lower = password.toLowerCase();
  if (GUESSABLE_WORDS.some((word) => lower.includes(word))) return true;
  const localPart = context.email?.split('@')[0]?.toLowerCase() ?? '';
  if (localPart.length >= 4 && lower.includes(localPart)) return true;
  const common = context.commonPasswords;
  if (!common) return false;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return common.has(lower) || (core.length >= 3 && common.has(core));
}
