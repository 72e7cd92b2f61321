/** The collections feature's own error codes. */
export const TopicErrorCode = {
  /** The account already keeps TOPIC_LIMITS.topicsPerOwner collections. */
  collectionsLimit: 'collections_limit_reached',
} as const;
export type TopicErrorCode = (typeof TopicErrorCode)[keyof typeof TopicErrorCode];
