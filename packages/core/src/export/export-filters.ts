/** How the auto selection picks tags from the filtered list. Anything else means `random`. */
export const SelectionStrategy = {
  lowestPostCount: 'lowestPostCount',
  highestPostCount: 'highestPostCount',
  random: 'random',
} as const;
export type SelectionStrategy = (typeof SelectionStrategy)[keyof typeof SelectionStrategy];

/** A topic's export filters, as stored with it. */
export interface ExportFilters {
  /** Inclusive [min, max] post count; null leaves that side open. */
  postCount: [number | null, number | null];
  selectionStrategy: string;
  selectionCount: number;
}

/** A tag in the export list with its post count (negative = unknown). */
export interface ExportTag {
  hashtag: string;
  count: number;
}
