import { type AccountState, type Capabilities, FREE_VISITOR, resolveAccess } from '@tagscout/core/access';
import { useMemo } from 'react';
import { create } from 'zustand';

/** Who the visitor is, as far as the shell needs to route and build the menu. Accounts fill it in. */
export interface SessionState {
  isSignedIn: boolean;
  isInTrial: boolean;
  isAdmin: boolean;
  accountId: string | null;
  /** What the server knows of the account; its capabilities come from the core access rules. */
  account: AccountState;
}

export const SIGNED_OUT: SessionState = {
  isSignedIn: false,
  isInTrial: false,
  isAdmin: false,
  accountId: null,
  account: FREE_VISITOR,
};

export const useSession = create<SessionState>(() => SIGNED_OUT);

/** Where a visitor lands: the full search when signed in or in a trial, else the limited search. */
export function landingPath(session: Pick<SessionState, 'isSignedIn' | 'isInTrial'>): '/tags' | '/try' {
  return session.isSignedIn || session.isInTrial ? '/tags' : '/try';
}

/** What this visitor may do, from the same rules the server enforces. */
export function useCapabilities(): Capabilities {
  const account = useSession((session) => session.account);
  return useMemo(() => resolveAccess(account), [account]);
}
