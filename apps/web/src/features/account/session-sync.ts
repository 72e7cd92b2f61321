import { TrialStatus, UserGroup } from '@tagscout/core/access';
import type { MeResponse } from '@tagscout/core/api';
import { useEffect } from 'react';
import { wasDismissed } from '../../shell/dialog-dismissals';
import {
  raiseSessionDialog,
  resetSession,
  setRelatedSearches,
  setSession,
  useSession,
} from '../../shell/session-store';
import { fetchMe } from './account-api';

// The server answers an expired trial with expire 0, so the moment it ended (which the special
// offer counts from) is remembered here while the trial runs.
const TRIAL_ENDS_AT_KEY = 'trialEndsAt';

/** Puts the server's answer about the visitor into the session. */
export function applyMe(me: MeResponse, nowMs: number = Date.now()): void {
  const { account } = me;
  setSession({
    user: me.user && {
      id: me.user.id,
      email: me.user.email,
      name: [me.user.firstname, me.user.lastname].filter(Boolean).join(' ') || null,
      isAnonymous: me.user.isAnonymous,
    },
    account,
    trialEndsAtMs: trialEndsAt(account, nowMs),
    relatedSearches: me.relatedSearches,
  });
}

/** Loads who the visitor is once, when the app starts, and raises the dialogs due at start. */
export function useSessionBootstrap(): void {
  useEffect(() => {
    const controller = new AbortController();
    fetchMe(controller.signal)
      .then((me) => {
        applyMe(me);
        raiseStartDialogs();
      })
      .catch(() => {
        if (!controller.signal.aborted) resetSession();
      });
    return () => controller.abort();
  }, []);
}

/** Asks the server again (after a flow that changed the account without answering with it). */
export async function refreshSession(): Promise<void> {
  applyMe(await fetchMe());
}

/** Reads again what is left of the related-search limit: the server's count is the one that holds. */
export async function refreshRelatedSearches(): Promise<void> {
  setRelatedSearches((await fetchMe()).relatedSearches);
}

/** Forgets the remembered end of a trial (sign-out). */
export function forgetTrialEnd(): void {
  writeStorage(TRIAL_ENDS_AT_KEY, null);
}

function trialEndsAt(account: MeResponse['account'], nowMs: number): number | null {
  if (account.inTrial && account.expireSeconds > 0) {
    const endsAt = nowMs + account.expireSeconds * 1000;
    writeStorage(TRIAL_ENDS_AT_KEY, String(Math.round(endsAt)));
    return endsAt;
  }
  if (account.trialStatus !== TrialStatus.expired) return null;
  const remembered = Number(readStorage(TRIAL_ENDS_AT_KEY));
  return Number.isFinite(remembered) && remembered > 0 && remembered <= nowMs ? remembered : null;
}

/**
 * Once per browser session: the trial notice for an expired trial, and the registration dialog
 * for an anonymous trial (a nudge to keep it with an email).
 */
function raiseStartDialogs(): void {
  const { account } = useSession.getState();
  if (account.trialStatus === TrialStatus.expired && !wasDismissed('trialNotice')) {
    raiseSessionDialog('trialNotice');
  }
  if (account.group === UserGroup.unRegTrial && account.inTrial && !wasDismissed('registration')) {
    raiseSessionDialog('registration');
  }
  // Like the trial notice: "Not now" keeps it away for the rest of the browser session.
  if (!wasDismissed('expiredSubscription')) raiseSessionDialog('expiredSubscription');
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: the special offer then counts only within this page's life.
  }
}
