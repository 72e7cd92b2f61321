/** The sizes of analytics batches and events (analytics.ts). */
export const ANALYTICS_LIMITS = {
  eventsPerBatch: 100,
  eventBytes: 32 * 1024,
  batchBytes: 500 * 1024,
  /** The route's bodyLimit: a little above a full batch, so the 500 KB rule answers first. */
  bodyLimitBytes: 512 * 1024,
  propsKeys: 20,
  propValueChars: 1000,
  messageChars: 2000,
} as const;
