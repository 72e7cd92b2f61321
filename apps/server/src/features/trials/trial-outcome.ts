import type { Platform } from '@tagscout/core/access';
import { AccountErrorCode } from '@tagscout/core/api';
import { accountError } from '../sessions/auth-calls.js';

export const DAY_MS = 86_400_000;

export interface TrialRegisterInput {
  uuid: string;
  email?: string | undefined;
  promocode?: string | undefined;
  language?: string | undefined;
  firstname?: string | undefined;
  lastname?: string | undefined;
  instagramuser?: string | undefined;
  platform: Platform;
  session: 'cookie' | 'bearer';
}

export interface TrialOutcome<T> {
  answer: T;
  cookies: Headers | null;
}

export function trialUsed() {
  return accountError(409, AccountErrorCode.trialUsed, 'This device has already used its free trial.');
}

/** An email trial for a mailbox that had one (name+anything@host is name@host; decision 032). */
export function mailboxTrialUsed() {
  return accountError(
    409,
    AccountErrorCode.mailboxTrialUsed,
    'This mailbox has already had its free trial: addresses that differ only after a + share one. Sign in with the address you used, or create an account with a password.',
  );
}
