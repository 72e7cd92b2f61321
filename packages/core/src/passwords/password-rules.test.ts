import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '../common-passwords/index.js';
import { checkPasswordRules, isGuessablePassword, isPasswordAcceptable, PASSWORD_RULES } from './index.js';

const withList = { commonPasswords: COMMON_PASSWORDS };

describe('the password rules', () => {
  it('list the guessable-word rule the server enforces, before the match', () => {
    expect(PASSWORD_RULES).toEqual([
      'length',
      'lowercase',
      'uppercase',
      'digit',
      'special',
      'notGuessable',
      'match',
    ]);
  });

  it('refuse the product name in any case and place, with or without the common list', () => {
    for (const password of ['My-Tagscout-2026', 'TAGSCOUT#2026x', 'xx-tagscout-99!A']) {
      expect(isGuessablePassword(password), password).toBe(true);
      expect(checkPasswordRules(password, password).notGuessable, password).toBe(false);
      expect(isPasswordAcceptable(password, password, withList), password).toBe(false);
    }
  });

  it('refuse common passwords, even decorated, only where the list is given', () => {
    expect(isGuessablePassword('Password123!', withList)).toBe(true);
    expect(isGuessablePassword('Sunshine-2024', withList)).toBe(true);
    expect(isGuessablePassword('Password123!')).toBe(false);
  });

  it("refuse the name of the account's address (4 letters or more)", () => {
    expect(isGuessablePassword('Mariana-Rocks-77', { email: 'mariana@example.com' })).toBe(true);
    expect(isGuessablePassword('Ana-Rocks-77-Lisboa', { email: 'ana@example.com' })).toBe(false);
  });

  it('accept a strong password of uncommon words', () => {
    expect(isPasswordAcceptable('Saltmarsh#2026', 'Saltmarsh#2026', withList)).toBe(true);
    expect(isPasswordAcceptable('Correct-Horse-9-Battery', 'Correct-Horse-9-Battery', withList)).toBe(true);
  });
});
