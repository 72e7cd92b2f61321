import { create } from 'zustand';

/** Who the visitor is, as far as the shell needs to route and build the menu. Accounts fill it in. */
export interface SessionState {
  isSignedIn: boolean;
  isInTrial: boolean;
  isAdmin: boolean;
  accountId: string | null;
}

export const SIGNED_OUT: SessionState = {
  isSignedIn: false,
  isInTrial: false,
  isAdmin: false,
  accountId: null,
};

export const useSession = create<SessionState>(() => SIGNED_OUT);

/** Where a visitor lands: the full search when signed in or in a trial, else the limited search. */
export function landingPath(session: Pick<SessionState, 'isSignedIn' | 'isInTrial'>): '/tags' | '/try' {
  return session.isSignedIn || session.isInTrial ? '/tags' : '/try';
}
