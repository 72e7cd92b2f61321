import { type RelatedRanking, scoreRelatedTag } from '@tagscout/core/related';

/** What a measure knows of one candidate in one source tag's related list. */
export interface CandidateFacts {
  subcount: number;
  /** The candidate's stored post count (undefined when not known). */
  count: number | undefined;
  /** Posts in the source tag's window (at most RELATED_POST_WINDOW). */
  windowPosts: number;
  /** Posts in the whole store. */
  storePosts: number;
}

export interface Measure {
  name: string;
  /** True for the rankings core offers (RelatedRanking); false for ones explored here. */
  isCore: boolean;
  score(facts: CandidateFacts): number;
}

const coreMeasure = (ranking: RelatedRanking): Measure => ({
  name: ranking,
  isCore: true,
  score: (facts) =>
    scoreRelatedTag(ranking, { kind: 'hashtag', subcount: facts.subcount, count: facts.count }),
});

/**
 * Lift relative to the store, damped by an exponent: P(candidate | source) / P(candidate)^alpha.
 * Unlike the core measures it needs no constant sized for network counts, so it reads in-store and
 * network-scale counts alike (scaling every count changes no order).
 */
const storeLift = (alpha: number): Measure => ({
  name: `storeLift${alpha}`,
  isCore: false,
  score: ({ subcount, count, windowPosts, storePosts }) =>
    subcount / windowPosts / ((Math.max(0, count ?? 0) + 1) / storePosts) ** alpha,
});

export const MEASURES: Measure[] = [
  coreMeasure('spec'),
  coreMeasure('subcount'),
  coreMeasure('popularity'),
  coreMeasure('dampedLift'),
  coreMeasure('idfWeighted'),
  {
    // P(candidate | source): the subcount as a share of the source's window, so a rare source tag
    // seen in 20 posts weighs as much as a common one seen in 500.
    name: 'cooccurrence',
    isCore: false,
    score: ({ subcount, windowPosts }) => subcount / windowPosts,
  },
  storeLift(0.25),
  storeLift(0.5),
];
