/** What a topic (collection) may hold (topics.ts). */
export const TOPIC_LIMITS = {
  titleChars: 200,
  /** Tags in `export` (and in `selected` and `hidden`). */
  tags: 1000,
  /** A tag as sent, before normalisation (leading '#', invisible characters). */
  tagChars: 300,
  /** Collections one account may keep. */
  topicsPerOwner: 500,
  maxPostCount: 1e10,
} as const;
