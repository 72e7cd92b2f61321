import { TrialStatus } from '@tagscout/core/access';
import type { MeResponse } from '@tagscout/core/api';
import { safeLocalStorage } from '../../shell/safe-storage';

// The server answers an expired trial with expire 0, so the moment it ended (which the special
// offer counts from) is remembered here while the trial runs.
const TRIAL_ENDS_AT_KEY = 'trialEndsAt';

/** When the account's trial ends or ended, in ms since 1970; null without a trial. */
export function trialEndsAt(account: MeResponse['account'], nowMs: number): number | null {
  if (account.inTrial && account.expireSeconds > 0) {
    const endsAt = nowMs + account.expireSeconds * 1000;
    safeLocalStorage.setItem(TRIAL_ENDS_AT_KEY, String(Math.round(endsAt)));
    return endsAt;
  }
  if (account.trialStatus !== TrialStatus.expired) return null;
  const remembered = Number(safeLocalStorage.getItem(TRIAL_ENDS_AT_KEY));
  return Number.isFinite(remembered) && remembered > 0 && remembered <= nowMs ? remembered : null;
}

/** Forgets the remembered end of a trial (sign-out). */
export function forgetTrialEnd(): void {
  safeLocalStorage.removeItem(TRIAL_ENDS_AT_KEY);
}
