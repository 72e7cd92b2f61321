import { TrialStatus } from './trial-status.js';
import { UserGroup } from './user-group.js';

export type Platform = 'web' | 'ios' | 'android';

/** What is known about a user; resolveAccess turns it into Capabilities. */
export interface AccountState {
  /** The group the server stored (may be a name we do not know). */
  group: string;
  trialStatus: TrialStatus;
  inTrial: boolean;
  /** Seconds of trial left; negative once past. */
  expireSeconds: number;
  /** Signed in with the identity provider. */
  isSignedIn: boolean;
  /** The web billing provider's customer id. */
  billingId: string | null | undefined;
  /** Web subscriptions, newest first as the billing provider lists them. */
  subscriptions: readonly { status: string }[];
  /** An app-store subscription the server (or store) has validated. */
  hasValidStoreSubscription: boolean;
  platform: Platform;
  /** The billing id equals the configured admin marker (the caller compares; core holds no secrets). */
  isAdminMarker?: boolean;
  /** A setting that lets anyone remove the branding tag. */
  settingsAllowBrandingRemoval?: boolean;
}

/** A signed-out visitor on the web. Signing out resets to this (keeping the platform). */
export const FREE_VISITOR: AccountState = {
  group: UserGroup.free,
  trialStatus: TrialStatus.unregistered,
  inTrial: false,
  expireSeconds: 0,
  isSignedIn: false,
  billingId: null,
  subscriptions: [],
  hasValidStoreSubscription: false,
  platform: 'web',
};
