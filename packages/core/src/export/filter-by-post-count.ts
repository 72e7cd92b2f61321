import type { ExportFilters, ExportTag } from './export-filters.js';

/**
 * Tags whose count lies within the optional min and max (inclusive), in list order.
 * Unknown counts (< 0) pass only when no bound is set.
 */
export function filterByPostCount(
  tags: readonly ExportTag[],
  postCount: ExportFilters['postCount'],
): ExportTag[] {
  const [min, max] = postCount;
  if (min === null && max === null) return [...tags];
  return tags.filter(
    (tag) => tag.count >= 0 && (min === null || tag.count >= min) && (max === null || tag.count <= max),
  );
}
