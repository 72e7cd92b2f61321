import type { AccountState } from './account-state.js';
import { hasActiveSubscription, hasBillingId, hasLapsedSubscription } from './subscription-status.js';
import { TrialStatus } from './trial-status.js';
import { UserGroup } from './user-group.js';

/**
 * The group a user effectively belongs to (docs/product-rules.md#groups-and-capabilities), first match wins:
 * 1. admin: signed in and the stored group is admin, the billing id is the admin marker, or a web
 *    customer account has no billing id. The earlier client said "billing id missing = admin"; that held when only
 *    customers and admins had accounts, so we apply it to CBcustomer accounts only: trial, free,
 *    beta and store users have no billing id by nature and must not become admins.
 * 2. CBcustomer: signed in with an active web subscription (a lapsed one is "not logged in").
 * 3. mobileCustomer: on iOS or Android with a valid store subscription.
 * 4. beta: stored so.
 * 5. unRegTrial: an anonymous trial not yet expired; once expired it is free.
 * 6. trial: stored trial (or any other server group) with time left; expired is free.
 * 7. free.
 */
export function resolveUserGroup(state: AccountState): UserGroup {
  const isSignedIn = isEffectivelySignedIn(state);
  if (isSignedIn && isAdmin(state)) return UserGroup.admin;
  if (isSignedIn && hasActiveSubscription(state)) return UserGroup.CBcustomer;
  if (state.platform !== 'web' && state.hasValidStoreSubscription) return UserGroup.mobileCustomer;
  if (state.group === UserGroup.beta) return UserGroup.beta;
  if (isAnonymousTrial(state)) return hasTrialTimeLeft(state) ? UserGroup.unRegTrial : UserGroup.free;
  if (state.group === UserGroup.trial) return hasTrialTimeLeft(state) ? UserGroup.trial : UserGroup.free;
  if (!isKnownGroup(state.group) && state.inTrial && hasTrialTimeLeft(state)) return UserGroup.trial;
  return UserGroup.free;
}

/** Signed in, unless a lapsed web subscription means the app treats the user as signed out. */
export function isEffectivelySignedIn(state: AccountState): boolean {
  return state.isSignedIn && !hasLapsedSubscription(state);
}

function isAdmin(state: AccountState): boolean {
  if (state.group === UserGroup.admin || state.isAdminMarker === true) return true;
  return state.group === UserGroup.CBcustomer && !hasBillingId(state);
}

function isAnonymousTrial(state: AccountState): boolean {
  return state.group === UserGroup.unRegTrial || state.trialStatus === TrialStatus.unRegTrial;
}

function hasTrialTimeLeft(state: AccountState): boolean {
  return (
    state.expireSeconds > 0 &&
    state.trialStatus !== TrialStatus.expired &&
    state.trialStatus !== TrialStatus.error
  );
}

function isKnownGroup(group: string): boolean {
  return Object.values<string>(UserGroup).includes(group);
}
