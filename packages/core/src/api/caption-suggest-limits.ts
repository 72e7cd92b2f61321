/** POST /api/suggest/caption: the longest text read (Instagram's caption limit) and the answer's length. */
export const CAPTION_SUGGEST_LIMITS = { textChars: 2200, maxLimit: 50, defaultLimit: 30 } as const;
