/**
 * Numbers of docs/product-rules.md, each named once here for core, the server and the web to read.
 * Not every number of the rules: an API's own bounds live beside its schema (`TOPIC_LIMITS`,
 * `INGEST_LIMITS`, `SUGGEST_LIMITS`, `TREND_LIMITS`, `ANALYTICS_LIMITS`) and the server's settings in
 * its config.ts. Some entries only record a rule that no code reads (among them `tutorialSlides`,
 * `drawerWidthPx`, `countPartialRetryDelayMs`, the trial lengths, most of the sample usage figures),
 * and a few numbers are named a second time elsewhere: the drawer widths (`DRAWER_WIDTH` in the
 * web's theme.ts), the 100 names of a counts request (`INGEST_LIMITS.namesPerInfo`, the server's
 * cap), seconds per day (`SECONDS_PER_DAY` in networks/days.ts and the server's store.repository.ts,
 * `DAY_SECONDS` in trends/trends.ts), tracking approval's 3 (`TRACK_APPROVED` in the web's
 * appdata/tracker.ts) and the tutorial's six slides (the length of the web's `TUTORIAL_SLIDES`).
 */
export const LIMITS = {
  // Related tags
  relatedTagsKept: 40,
  relatedTagsShownDefault: 10,
  relatedTagsPageSize: 10,
  relatedTagCountSettingDefault: 20,
  relatedMinSubcountHashtag: 2,
  relatedMinSubcountPlace: 2,
  relatedMinSubcountProfile: 1,
  // People, not posts (decision 025)
  relatedPostsPerAuthor: 3,
  suggestionMinAuthors: 2,
  trendingMinAuthors: 5,
  trendingPostsPerAuthorPerDay: 3,
  relevanceScale: 1e7,
  relevanceCountSmoothing: 100_000,

  // Free group
  freeRelatedSearchLimit: 3,
  freeDisplayedRelatedTags: 2,
  copyLimit: 30,
  freeCopyLimit: 29,
  freeSelectionMax: 29,

  // Counts and the social network
  countBatchSize: 100,
  countRetries: 5,
  countFirstRetryDelayMs: 500,
  countPartialRetryDelayMs: 250,
  networkRateLimitMs: 5000,
  placeSearchRateLimitMs: 1000,
  bgSeedSearchesDefault: 5,
  bgSeedSearchesMin: 0,
  bgSeedSearchesMax: 56,

  // Quarries (prospecting)
  quarryMaxPostAgeDays: 7,
  quarryFollowerMin: 500,
  quarryFollowerMax: 50_000,
  prospectRecordLimit: 900,

  // Interface timing and sizes
  searchDebounceMs: 100,
  tagTruncationChars: 30,
  snackbarMs: 1000,
  tutorialSlides: 6,
  tutorialAdvanceMs: 3500,
  helpAfterTagsAdded: 3,
  badgeMax: 99,
  dialogWidthPx: 400,
  drawerWidthPx: 350,
  drawerWidthMobilePx: 300,
  trackingApprovalAllowed: 3,

  // Trials, offers and countdowns
  specialOfferWindowMs: 259_200_000,
  liveWindowMs: 900_000,
  anonymousTrialDaysWeb: 3,
  anonymousTrialDaysAndroid: 3,
  anonymousTrialDaysIos: 0.0417,
  trialLengthDaysShort: 7,
  trialLengthDaysLong: 30,
  // setTimeout cannot hold a delay of 2^31 ms or more, so longer trials never arm the timer.
  expireTimerMaxSeconds: 2_147_483,
  secondsPerDay: 86_400,
  secondsPerHour: 3600,
  // Between 3500 s and one hour the notice already says "1 hour".
  trialNoticeOneHourSeconds: 3500,
  // Fallback expire values when the trial check fails.
  trialCheckErrorExpireSeconds: -86_401,
  trialCheckErrorExpireSecondsLong: -864_001,

  // Prices in USD
  priceMonthly: 4.99,
  priceAnnual: 39.99,
  priceAnnualSpecial: 19.99,
  priceAnnualSpecialWas: 29.99,

  // Analytics: click events fire at these counts
  clickEventCounts: [1, 5, 10],

  // Sample prospecting usage (static)
  sampleUsageDay: 16,
  sampleUsageDayLimit: 30,
  sampleUsagePosts: 40_000,
  sampleUsagePostLimit: 100_000,
  sampleUsageProspects: 7102,
  sampleUsageProspectLimit: 10_000,

  // Walkthrough
  walkthroughStepsApprox: 27,
  walkthroughCompleteWhenRemaining: 2,

  // Hashtag normalisation
  hashtagMaxChars: 100,
  minHashtagsPerPost: 2,

  clientVersion: '2.1.33',
} as const;
