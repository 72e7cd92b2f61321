import type { AccountState } from './account-state.js';
import { TrialStatus } from './trial-status.js';
import { UserGroup } from './user-group.js';

/** The state after the trial timer fires: free, not in trial, expire 0, status expired. */
export function expireTrial(state: AccountState): AccountState {
  return {
    ...state,
    group: UserGroup.free,
    inTrial: false,
    expireSeconds: 0,
    trialStatus: TrialStatus.expired,
  };
}
