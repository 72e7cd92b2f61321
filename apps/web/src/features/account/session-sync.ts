import { TrialStatus, UserGroup } from '@tagscout/core/access';
import type { MeResponse } from '@tagscout/core/api';
import { hashKey, isCancelledError, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { wasDismissed } from '../../shell/dialog-dismissals';
import { raiseSessionDialog, resetSession, setSession, useSession } from '../../shell/session-store';
import { meKeys, useMe } from './queries';
import { trialEndsAt } from './trial-end';

/**
 * The app frame's link between the me query and the session store: asks who the visitor is when the
 * app starts, puts every answer into the session, and raises the dialogs due at start after the first.
 * The session follows the query cache as it changes (not a render later), so a flow that awaits an
 * invalidation, then navigates, finds the route guards already reading the new account.
 */
export function useSessionBootstrap(): void {
  const queryClient = useQueryClient();
  useEffect(() => mirrorMe(queryClient), [queryClient]);
  useMe();
}

function mirrorMe(queryClient: QueryClient): () => void {
  const meHash = hashKey(meKeys.all);
  let isFirstAnswer = true;
  const answered = (me: MeResponse) => {
    applyMe(me);
    if (isFirstAnswer) raiseStartDialogs();
    isFirstAnswer = false;
  };
  const failed = () => {
    // Without a first answer the visitor counts as signed out; a later failure keeps what is known.
    if (isFirstAnswer) resetSession();
    isFirstAnswer = false;
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== meHash) return;
    const { action } = event;
    if (action.type === 'success') answered(action.data as MeResponse);
    else if (action.type === 'error' && !isCancelledError(action.error)) failed();
  });
  // The first answer may have come before this effect ran (a fast server, a busy page): take it now.
  const state = queryClient.getQueryState<MeResponse>(meKeys.all);
  if (state?.status === 'success') answered(state.data!);
  else if (state?.status === 'error' && !isCancelledError(state.error)) failed();
  return unsubscribe;
}

/** Puts the server's answer about the visitor into the session. */
function applyMe(me: MeResponse, nowMs: number = Date.now()): void {
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
