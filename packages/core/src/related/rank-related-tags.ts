import { LIMITS } from '../limits/index.js';
import { DEFAULT_RELATED_RANKING, type RelatedRanking, scoreRelatedTag } from './related-ranking.js';
import type { ItemKind, RelatedTag } from './related-tag.js';
import { computeRelevance, minSubcountOf } from './relevance.js';

export interface RankRelatedTagsInput {
  kind: ItemKind;
  subcounts: ReadonlyMap<string, number>;
  /** Distinct authors of the posts carrying each tag; when absent, each post is its own author. */
  authors?: ReadonlyMap<string, number>;
  countOf: (tag: string) => number | undefined;
  ranking?: RelatedRanking;
  /** At most this many (never more than the 40 kept). */
  limit?: number;
}

/**
 * The rules of docs/product-rules.md#related-tags: tags below the kind's minimum subcount (2 hashtag and place, 1 profile),
 * or written by fewer distinct authors than that minimum (decision 025), are dropped; the rest are sorted by the ranking's key (default DEFAULT_RELATED_RANKING, the subcount) desc, then subcount
 * desc, then name asc; at most 40 are kept. `relevance` is always the relevance score.
 */
export function rankRelatedTags(input: RankRelatedTagsInput): RelatedTag[] {
  const { kind, subcounts, countOf, ranking = DEFAULT_RELATED_RANKING } = input;
  const min = minSubcountOf(kind);
  const scored: { tag: RelatedTag; score: number }[] = [];
  for (const [hashtag, subcount] of subcounts) {
    const authors = input.authors?.get(hashtag) ?? subcount;
    if (!(subcount >= min) || !(authors >= min)) continue;
    const count = countOf(hashtag);
    scored.push({
      tag: { hashtag, subcount, authors, relevance: computeRelevance(kind, subcount, count) },
      score: scoreRelatedTag(ranking, { kind, subcount, count }),
    });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score || b.tag.subcount - a.tag.subcount || compareNames(a.tag.hashtag, b.tag.hashtag),
  );
  return scored.slice(0, limitOf(input.limit)).map(({ tag }) => tag);
}

function limitOf(limit: number | undefined): number {
  if (limit === undefined || Number.isNaN(limit)) return LIMITS.relatedTagsKept;
  return Math.max(0, Math.min(Math.floor(limit), LIMITS.relatedTagsKept));
}

// Code-unit order, so the result does not depend on the runtime's locale.
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
