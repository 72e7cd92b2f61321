import { LIMITS } from '../limits/index.js';
import type { AccountState } from './account-state.js';
import { type Capabilities, UNLIMITED_SELECTION } from './capabilities.js';
import { resolveUserGroup } from './resolve-user-group.js';
import { hasLapsedSubscription } from './subscription-status.js';
import { UserGroup } from './user-group.js';

const PAYING = new Set<UserGroup>([UserGroup.CBcustomer, UserGroup.mobileCustomer]);
const WITH_COLLECTIONS = new Set<UserGroup>([
  UserGroup.trial,
  UserGroup.unRegTrial,
  UserGroup.CBcustomer,
  UserGroup.mobileCustomer,
  UserGroup.admin,
]);

/**
 * What a user may do (docs/product-rules.md#groups-and-capabilities). Choices behind it:
 * - mobileCustomer, absent from the earlier client's table, pays for the same plan as CBcustomer and gets the
 *   same features except the web billing portal (the store manages the subscription).
 * - The free limits (related search limit 3, 2 related tags shown, 29 copied plus branding, slider
 *   max 29) apply to the free group only; trial, beta, paying and admin users get the premium
 *   flags, except branding removal, which needs a paying user or admin, or the settings override.
 * - beta gets what the earlier client gave it (full related lists) but not collections.
 * - Exactly one of Login and Logout: Logout whenever a session exists (a customer whose web
 *   subscription lapsed is free but still signed in), Login otherwise.
 * - Manage Account (the billing portal) for a web customer, and still after the subscription
 *   lapsed: the way back to invoices and to subscribing again; also for an administrator who is a
 *   web customer (a real billing id, not the admin marker, with subscriptions).
 * - Restore purchase needs the store, so it is offered on iOS and Android to anyone not paying.
 * - Background seeding and source alerts are admin tools.
 */
/** A web billing customer with subscriptions (the admin marker in the billing id is not one). */
function isWebCustomer(state: AccountState): boolean {
  return Boolean(state.billingId) && state.isAdminMarker !== true && state.subscriptions.length > 0;
}

export function resolveAccess(state: AccountState): Capabilities {
  const group = resolveUserGroup(state);
  const isFree = group === UserGroup.free;
  const isAdmin = group === UserGroup.admin;
  const isPaying = PAYING.has(group);
  const isMobile = state.platform !== 'web';
  const canUseCollections = WITH_COLLECTIONS.has(group);
  return {
    group,
    canUseCollections,
    canUseProspecting: isAdmin,
    canManageAccount:
      group === UserGroup.CBcustomer || hasLapsedSubscription(state) || (isAdmin && isWebCustomer(state)),
    canLogout: state.isSignedIn,
    canLogin: !state.isSignedIn,
    canUpgrade: !isPaying && !isAdmin,
    showWalkthrough: !isFree,
    canTurnGuideOff: !isFree && !(group === UserGroup.unRegTrial && state.platform === 'ios'),
    canRestorePurchase: isMobile && !isPaying && !isAdmin,
    unlimitedRelatedSearches: !isFree,
    relatedSearchLimit: isFree ? LIMITS.freeRelatedSearchLimit : null,
    displayedRelatedTags: isFree ? LIMITS.freeDisplayedRelatedTags : null,
    canCopyUnlimited: !isFree,
    canRemoveBranding: isPaying || isAdmin || state.settingsAllowBrandingRemoval === true,
    maxSelectionCount: isFree ? LIMITS.freeSelectionMax : UNLIMITED_SELECTION,
    canSaveTopics: canUseCollections,
    canSeeSourceAlerts: isAdmin,
    canSetBgSeedSearches: isAdmin,
    isPaying,
  };
}
