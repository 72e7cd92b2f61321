import { TrialStatus, UserGroup } from '@tagscout/core/access';
import type { SessionState } from '../../shell/session-store';

/**
 * Whom the upgrade screen offers the trial sign-up at once (docs/product-rules.md#trials): unregistered,
 * unverified, anonymous-trial and anonymous-email visitors. A signed-in account already has an
 * email, so it is never asked for one.
 */
export function shouldOfferTrialSignup(
  session: Pick<SessionState, 'account' | 'user' | 'isSignedIn'>,
): boolean {
  if (session.isSignedIn && session.user && !session.user.isAnonymous) return false;
  const { account, user } = session;
  if (account.trialStatus === TrialStatus.unregistered || account.trialStatus === TrialStatus.unverified) {
    return true;
  }
  if (account.group === UserGroup.unRegTrial || account.trialStatus === TrialStatus.unRegTrial) return true;
  // An anonymous session in a trial without an email: "anonymous-email".
  return user?.isAnonymous === true && user.email === null && account.inTrial;
}
