import type { UserGroup } from './user-group.js';

/** What a user may do and see. The server enforces it; the web shows it. */
export interface Capabilities {
  group: UserGroup;
  canUseCollections: boolean;
  canUseProspecting: boolean;
  /** The billing portal (web subscriptions only). */
  canManageAccount: boolean;
  canLogout: boolean;
  canLogin: boolean;
  canUpgrade: boolean;
  showWalkthrough: boolean;
  canTurnGuideOff: boolean;
  canRestorePurchase: boolean;
  unlimitedRelatedSearches: boolean;
  /** Related expansions before the gate; null = no limit. */
  relatedSearchLimit: number | null;
  /** Related tags shown per item before the upgrade prompt; null = all. */
  displayedRelatedTags: number | null;
  canCopyUnlimited: boolean;
  canRemoveBranding: boolean;
  /** Largest auto-selection size; UNLIMITED_SELECTION when not capped. */
  maxSelectionCount: number;
  canSaveTopics: boolean;
  /** Alerts about the social network blocking searches or cross-origin failures. */
  canSeeSourceAlerts: boolean;
  canSetBgSeedSearches: boolean;
  isPaying: boolean;
}

/** maxSelectionCount when not capped: finite so capabilities survive JSON. */
export const UNLIMITED_SELECTION = Number.MAX_SAFE_INTEGER;
