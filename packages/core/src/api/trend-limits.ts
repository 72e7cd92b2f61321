/** GET /api/trends/*: how many tags one request may name, days shown, trending tags per answer. */
export const TREND_LIMITS = {
  tags: 100,
  days: 30,
  trendingMax: 50,
  trendingDefault: 10,
} as const;
