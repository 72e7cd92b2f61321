import { type ExportFilters, type ExportTag, SelectionStrategy } from './export-filters.js';
import { filterByPostCount } from './filter-by-post-count.js';
import { selectTags } from './select-tags.js';

export interface ReselectOptions {
  tags: readonly ExportTag[];
  filters: ExportFilters;
  /** Tags the user ticked by hand: they stay ticked, filter or not, and count towards `selectionCount`. */
  kept: readonly string[];
  /** The selection before the change; a random sample keeps what it can of it. Left out: a new draw. */
  previous?: readonly string[];
  random: () => number;
}

/**
 * The auto selection after the list, its counts or the filters changed: the tags ticked by hand, then
 * selectTags' picks among the rest up to `selectionCount`. A random sample is kept as it was where the
 * filters still allow it, so adding a tag does not draw every tag again (issue 32 §5).
 * Returns hashtag names in list order.
 */
export function reselectTags(options: ReselectOptions): string[] {
  const { tags, filters, random } = options;
  const names = new Set(tags.map((tag) => tag.hashtag));
  const kept = new Set(options.kept.filter((name) => names.has(name)));
  const rest = tags.filter((tag) => !kept.has(tag.hashtag));
  const wanted = Math.max(0, (Math.floor(filters.selectionCount) || 0) - kept.size);
  const isOrdered =
    filters.selectionStrategy === SelectionStrategy.lowestPostCount ||
    filters.selectionStrategy === SelectionStrategy.highestPostCount;
  const picked =
    isOrdered || options.previous === undefined
      ? selectTags(rest, { ...filters, selectionCount: wanted }, random)
      : keepSample(filterByPostCount(rest, filters.postCount), options.previous, wanted, random);
  const chosen = new Set([...kept, ...picked]);
  return tags.map((tag) => tag.hashtag).filter((name) => chosen.has(name));
}

/** A random sample of `wanted` candidates that holds as many of `previous` as it can. */
function keepSample(
  candidates: readonly ExportTag[],
  previous: readonly string[],
  wanted: number,
  random: () => number,
): string[] {
  const sample = (from: readonly ExportTag[], count: number) =>
    selectTags(from, { postCount: [null, null], selectionStrategy: 'random', selectionCount: count }, random);
  const stay = candidates.filter((tag) => previous.includes(tag.hashtag));
  if (stay.length >= wanted) return sample(stay, wanted);
  const others = candidates.filter((tag) => !previous.includes(tag.hashtag));
  return [...stay.map((tag) => tag.hashtag), ...sample(others, wanted - stay.length)];
}
