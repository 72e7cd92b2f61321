import { LIMITS } from '../limits/index.js';

/** A new quarry's filters (docs/product-rules.md#prospecting), the record cap of a run, and the usage period. */
export const QUARRY_DEFAULTS = {
  maxPostAgeDays: LIMITS.quarryMaxPostAgeDays,
  followerRange: [LIMITS.quarryFollowerMin, LIMITS.quarryFollowerMax] as const,
  /** Prospect records one run of one quarry writes at most. */
  recordLimit: LIMITS.prospectRecordLimit,
  /** The usage period in days. */
  usagePeriodDays: LIMITS.sampleUsageDayLimit,
} as const;

/** Bounds of what a quarry may hold (docs/security-policy.md#access-control: every list and string is bounded). */
export const QUARRY_BOUNDS = {
  titleChars: 100,
  places: 20,
  keywords: 50,
  keywordChars: 100,
  categories: 50,
  categoryChars: 100,
  maxPostAgeDays: 365,
  maxFollowers: 1e10,
} as const;
