/** Where a user stands with the trial. */
export const TrialStatus = {
  unregistered: 'unregistered',
  unverified: 'unverified',
  active: 'active',
  expired: 'expired',
  unRegTrial: 'unRegTrial',
  error: 'error',
} as const;
export type TrialStatus = (typeof TrialStatus)[keyof typeof TrialStatus];
