/** Caps on what one crowd-cache request may carry (docs/security-policy.md#crowd-cache; decision 005). */
export const INGEST_LIMITS = {
  postsPerRequest: 1000,
  itemsPerAutocomplete: 100,
  hashtagsPerPost: 100,
  hashtagChars: 300,
  captionChars: 2200,
  idChars: 100,
  titleChars: 200,
  nameChars: 150,
  biographyChars: 1000,
  queryChars: 100,
  urlChars: 1000,
  maxCount: 1e10,
  /** How far in the future a post's timestamp may lie (clock skew), in seconds. */
  futureSkewSeconds: 300,
  /** Names per GET /info/hashtag/:names (the count batch size). */
  namesPerInfo: 100,
  /** Suggestions per autocomplete answer. */
  suggestions: 50,
} as const;
