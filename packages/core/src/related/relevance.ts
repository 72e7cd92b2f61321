import { LIMITS } from '../limits/index.js';
import type { ItemKind } from './related-tag.js';

const MIN_SUBCOUNT: Record<ItemKind, number> = {
  hashtag: LIMITS.relatedMinSubcountHashtag,
  place: LIMITS.relatedMinSubcountPlace,
  profile: LIMITS.relatedMinSubcountProfile,
};

const SUBCOUNT_OFFSET: Record<ItemKind, number> = { hashtag: 2, place: 1, profile: 0 };

/** The fewest posts of an item a tag must appear in to count as related. */
export function minSubcountOf(kind: ItemKind): number {
  return MIN_SUBCOUNT[kind];
}

/** The relevance score (docs/product-rules.md#related-tags): 1e7 * (subcount - k) / (count + 100000), k = 2 hashtag, 1 place, 0 profile. */
export function computeRelevance(kind: ItemKind, subcount: number, count: number | undefined): number {
  return (
    (LIMITS.relevanceScale * (subcount - SUBCOUNT_OFFSET[kind])) /
    (knownCount(count) + LIMITS.relevanceCountSmoothing)
  );
}

/** A tag's total post count, with unknown (-1, -2, missing) read as 0. */
export function knownCount(count: number | undefined): number {
  return count !== undefined && Number.isFinite(count) && count > 0 ? count : 0;
}
