/** GET /api/suggest/hashtags: how many tags a list may give and how many suggestions it may ask for. */
export const SUGGEST_LIMITS = { tags: 30, maxLimit: 50, defaultLimit: 30 } as const;
