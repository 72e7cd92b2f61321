import { type ExportFilters, type ExportTag, SelectionStrategy } from './export-filters.js';
import { filterByPostCount } from './filter-by-post-count.js';
import { pickIndex } from './pick-index.js';

/**
 * The auto selection: the post-count filter, then `selectionCount` tags by strategy
 * (lowestPostCount, highestPostCount, anything else a random sample drawn with `random()` in [0, 1)).
 * Returns hashtag names in list order. Unknown counts sort after known ones in both orders, and
 * equal counts keep list order.
 */
export function selectTags(
  tags: readonly ExportTag[],
  filters: ExportFilters,
  random: () => number,
): string[] {
  const candidates = filterByPostCount(tags, filters.postCount);
  const wanted = Math.max(0, Math.floor(filters.selectionCount) || 0);
  const picked = pickIndexes(candidates, filters.selectionStrategy, wanted, random);
  return picked.sort((a, b) => a - b).map((index) => candidates[index]!.hashtag);
}

function pickIndexes(
  tags: readonly ExportTag[],
  strategy: string,
  wanted: number,
  random: () => number,
): number[] {
  const indexes = tags.map((_, index) => index);
  if (strategy === SelectionStrategy.lowestPostCount || strategy === SelectionStrategy.highestPostCount) {
    const sign = strategy === SelectionStrategy.lowestPostCount ? 1 : -1;
    indexes.sort((a, b) => compareCounts(tags[a]!.count, tags[b]!.count, sign) || a - b);
    return indexes.slice(0, wanted);
  }
  return sampleIndexes(indexes, wanted, random);
}

function compareCounts(a: number, b: number, sign: number): number {
  if (a < 0 || b < 0) return Number(a < 0) - Number(b < 0);
  return sign * (a - b);
}

// Partial Fisher-Yates: the first `wanted` slots end up a uniform sample without repeats.
function sampleIndexes(indexes: number[], wanted: number, random: () => number): number[] {
  const count = Math.min(wanted, indexes.length);
  for (let i = 0; i < count; i++) {
    const j = i + pickIndex(random, indexes.length - i);
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes.slice(0, count);
}
