import type { ItemKind } from './related-tag.js';
import { computeRelevance, knownCount, minSubcountOf } from './relevance.js';

/**
 * Orders for a related-tag list. `spec` is the product's relevance; the others are candidates to
 * benchmark against it:
 * - `subcount`: most co-occurrences first.
 * - `popularity`: highest total post count first.
 * - `dampedLift`: support / sqrt(count + 10^4). Like `spec` it rewards tags specific to the item,
 *   but the square root stops tiny tags seen in two posts from outranking strong co-occurrences.
 * - `idfWeighted`: support * ln(1 + 10^9 / (count + 1000)), tf-idf style: co-occurrence first,
 *   discounted logarithmically for generic tags (10^9 is about the largest tag's post count).
 * Support is the subcount above the kind's minimum, plus one, so every kept tag has support >= 1.
 */
export const RelatedRanking = {
  spec: 'spec',
  subcount: 'subcount',
  popularity: 'popularity',
  dampedLift: 'dampedLift',
  idfWeighted: 'idfWeighted',
} as const;
export type RelatedRanking = (typeof RelatedRanking)[keyof typeof RelatedRanking];

/**
 * The related list's order when none is asked for: most co-occurrences first (decision 015). The
 * one source for the API's default, core's ranking, the server and the web's Settings.
 */
export const DEFAULT_RELATED_RANKING = RelatedRanking.subcount;

const LIFT_SMOOTHING = 10_000;
const IDF_UNIVERSE = 1e9;
const IDF_SMOOTHING = 1000;

/** The sort key of a tag under a ranking; higher ranks first. */
export function scoreRelatedTag(
  ranking: RelatedRanking,
  tag: { kind: ItemKind; subcount: number; count: number | undefined },
): number {
  const count = knownCount(tag.count);
  const support = tag.subcount - minSubcountOf(tag.kind) + 1;
  switch (ranking) {
    case RelatedRanking.subcount:
      return tag.subcount;
    case RelatedRanking.popularity:
      return count;
    case RelatedRanking.dampedLift:
      return support / Math.sqrt(count + LIFT_SMOOTHING);
    case RelatedRanking.idfWeighted:
      return support * Math.log1p(IDF_UNIVERSE / (count + IDF_SMOOTHING));
    default:
      return computeRelevance(tag.kind, tag.subcount, tag.count);
  }
}
