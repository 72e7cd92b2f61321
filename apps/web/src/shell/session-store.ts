import {
  type AccountState,
  type Capabilities,
  expireTrial,
  FREE_VISITOR,
  isEffectivelySignedIn,
  type Platform,
  resolveAccess,
  TrialStatus,
  UserGroup,
} from '@tagscout/core/access';
import type { RelatedSearches } from '@tagscout/core/api';
import { useMemo } from 'react';
import { create } from 'zustand';
import { detectPlatform } from './platform';

/** The person behind the session, as the identity provider knows them. */
export interface SessionUser {
  id: string;
  email: string | null;
  name: string | null;
  /** An anonymous trial: a session without an email. */
  isAnonymous: boolean;
}

/** The dialogs any screen may raise (docs/product-rules.md#dialogs). */
export interface SessionDialogFlags {
  registration: boolean;
  trialNotice: boolean;
  expiredSubscription: boolean;
}

/** Who the visitor is and what the shell shows them. */
export interface SessionState {
  /** The first answer from the server has arrived (until then the visitor counts as signed out). */
  isLoaded: boolean;
  user: SessionUser | null;
  /** What the server knows of the account; its capabilities come from the core access rules. */
  account: AccountState;
  /** When the trial ends or ended, in ms since 1970; null without a trial. Drives the special offer. */
  trialEndsAtMs: number | null;
  dialogs: SessionDialogFlags;
  /** The special offer was closed in special-offer-only mode. */
  hasSeenSpecial: boolean;
  /** The free related-search limit as the server counts it (its Me answer); null: no limit. */
  relatedSearches: RelatedSearches | null;
  // Derived from account on every change (see deriveSession), kept for routes and guards.
  isSignedIn: boolean;
  isInTrial: boolean;
  isAdmin: boolean;
  /** The billing account behind Manage Account; /portal needs it. */
  accountId: string | null;
}

const NO_DIALOGS: SessionDialogFlags = {
  registration: false,
  trialNotice: false,
  expiredSubscription: false,
};

export const SIGNED_OUT: SessionState = {
  isLoaded: false,
  user: null,
  account: FREE_VISITOR,
  trialEndsAtMs: null,
  dialogs: NO_DIALOGS,
  hasSeenSpecial: false,
  relatedSearches: null,
  isSignedIn: false,
  isInTrial: false,
  isAdmin: false,
  accountId: null,
};

export const useSession = create<SessionState>(() => ({
  ...SIGNED_OUT,
  account: { ...FREE_VISITOR, platform: detectPlatform() },
}));

/** The flags routes and the menu read, recomputed from the account. */
export function deriveSession(
  account: AccountState,
): Pick<SessionState, 'isSignedIn' | 'isInTrial' | 'isAdmin' | 'accountId'> {
  const { group } = resolveAccess(account);
  const isSignedIn = isEffectivelySignedIn(account);
  return {
    isSignedIn,
    isInTrial: group === UserGroup.trial || group === UserGroup.unRegTrial,
    isAdmin: group === UserGroup.admin,
    // A customer whose subscription lapsed keeps Manage Account (invoices, subscribing again).
    accountId: account.isSignedIn && account.billingId ? account.billingId : null,
  };
}

/** A session built from what the server answered, with its derived flags. */
export function buildSession(
  input: Pick<SessionState, 'user' | 'account' | 'trialEndsAtMs'> & Partial<SessionState>,
): SessionState {
  return { ...SIGNED_OUT, isLoaded: true, ...input, ...deriveSession(input.account) };
}

/** Replaces who the visitor is with the server's answer (the me query's, session-sync.ts); dialog flags and seen marks are kept. */
export function setSession(
  input: Pick<SessionState, 'user' | 'account' | 'trialEndsAtMs'> &
    Partial<Pick<SessionState, 'relatedSearches'>>,
): void {
  useSession.setState((old) => ({
    ...buildSession({
      relatedSearches: old.relatedSearches,
      ...input,
      dialogs: old.dialogs,
      hasSeenSpecial: old.hasSeenSpecial,
    }),
  }));
}

/** One related search spent, until the server's count arrives. */
export function spendRelatedSearch(): void {
  useSession.setState((old) =>
    old.relatedSearches
      ? { relatedSearches: { ...old.relatedSearches, left: Math.max(0, old.relatedSearches.left - 1) } }
      : old,
  );
}

/** Logout or a lost session: free and unregistered, on the same platform. */
export function resetSession(): void {
  useSession.setState((old) => ({
    ...SIGNED_OUT,
    isLoaded: true,
    account: { ...FREE_VISITOR, platform: old.account.platform },
  }));
}

/** Registered for a trial, the code not yet entered: no trial time until the code proves the address. */
export function markTrialUnverified(): void {
  useSession.setState((old) => {
    const account: AccountState = {
      ...old.account,
      group: UserGroup.trial,
      trialStatus: TrialStatus.unverified,
      inTrial: false,
      expireSeconds: 0,
    };
    return { isLoaded: true, account, ...deriveSession(account) };
  });
}

/** The expiry timer fired: free, not in trial, expire 0, status expired, and the trial notice raised. */
export function expireSessionTrial(): void {
  useSession.setState((old) => {
    const account = expireTrial(old.account);
    return {
      account,
      ...deriveSession(account),
      trialEndsAtMs: old.trialEndsAtMs ?? Date.now(),
      dialogs: { ...old.dialogs, trialNotice: true },
    };
  });
}

export function raiseSessionDialog(name: keyof SessionDialogFlags): void {
  useSession.setState((old) => ({ dialogs: { ...old.dialogs, [name]: true } }));
}

export function closeSessionDialog(name: keyof SessionDialogFlags): void {
  useSession.setState((old) => ({ dialogs: { ...old.dialogs, [name]: false } }));
}

export function markSpecialOfferSeen(): void {
  useSession.setState({ hasSeenSpecial: true });
}

/** Where a visitor lands: the full search when signed in or in a trial, else the limited search. */
export function landingPath(session: Pick<SessionState, 'isSignedIn' | 'isInTrial'>): '/tags' | '/try' {
  return session.isSignedIn || session.isInTrial ? '/tags' : '/try';
}

/** What this visitor may do, from the same rules the server enforces. */
export function useCapabilities(): Capabilities {
  const account = useSession((session) => session.account);
  return useMemo(() => resolveAccess(account), [account]);
}

export type { Platform };
