import { LIMITS } from '../limits/index.js';

/** SPEC section 9: a new quarry's filters, the record cap of a run, and the usage period. */
export const QUARRY_DEFAULTS = {
  maxPostAgeDays: LIMITS.quarryMaxPostAgeDays,
  followerRange: [LIMITS.quarryFollowerMin, LIMITS.quarryFollowerMax] as const,
  /** Prospect records one run of one quarry writes at most. */
  recordLimit: LIMITS.prospectRecordLimit,
  /** The usage period (SPEC "day of 30"). */
  usagePeriodDays: LIMITS.sampleUsageDayLimit,
} as const;

/** Bounds of what a quarry may hold (SECURITY §4.4: every list and string is bounded). */
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
