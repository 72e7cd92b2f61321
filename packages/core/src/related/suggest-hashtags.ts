import { LIMITS } from '../limits/index.js';
import { knownCount, minSubcountOf } from './relevance.js';
import { TagScratch } from './tag-ids.js';
import {
  authorNumbersOf,
  countAuthorsOverWindows,
  type Digest,
  digestOf,
  indexOfTag,
  largestIdOf,
  SeenTagSets,
  samePost,
  suggestionAuthorIds,
  suggestionTagIds,
} from './window-digest.js';

/**
 * How tags are suggested for a list a user is building, from the recent posts of each tag already in
 * it (its related-tag window). bench/README.md compares them on two real sets and
 * docs/decisions/015-related-order.md records the choice:
 * - `postOverlap` (the product's): every post in the given tags' windows votes for its other tags
 *   with weight (given tags it carries)^3, so posts that look like the user's list count most; the
 *   sum is divided by P(candidate)^0.2 to damp generic tags a little.
 * - `subcount`: co-occurrences summed over the given tags' related lists (the baseline).
 * - `cooccurrence`: P(candidate | given tag) = subcount / window posts, summed over the lists.
 * - `vote`, `sum`, `votePromoted`, `sumPromoted`: Sigurbjoernsson & van Zwol (WWW 2008, "Flickr tag
 *   recommendation based on collective knowledge"): each list's best `top` candidates get one vote,
 *   or their co-occurrence; the promoted forms multiply by a rank promotion, the given tag's
 *   stability (neither very rare nor very common) and the candidate's descriptiveness.
 * - `lift`: P(c | u) / P(c), only candidates seen in at least `minSupport` posts of the window.
 * - `npmi`: normalised pointwise mutual information of (given tag, candidate), positives summed.
 * - `liftDamped`: P(c | u) / P(c)^0.25, co-occurrence with a mild discount for generic tags.
 * Every list-based measure reads each given tag's related list as the product shows it by default:
 * the related minimum subcount, at most 40, most co-occurrences first.
 */
export const SuggestionMeasure = {
  postOverlap: 'postOverlap',
  subcount: 'subcount',
  cooccurrence: 'cooccurrence',
  vote: 'vote',
  sum: 'sum',
  votePromoted: 'votePromoted',
  sumPromoted: 'sumPromoted',
  lift: 'lift',
  npmi: 'npmi',
  liftDamped: 'liftDamped',
} as const;
export type SuggestionMeasure = (typeof SuggestionMeasure)[keyof typeof SuggestionMeasure];

/** The product's measure: the one that beat the others on both real sets. */
export const DEFAULT_SUGGESTION_MEASURE: SuggestionMeasure = SuggestionMeasure.postOverlap;

/** One tag of the user's list with the tags of its recent posts (its related-tag window). */
export interface SuggestionSource {
  hashtag: string;
  /** Each recent post's tags (names), newest first. */
  posts: readonly (readonly string[])[];
  /** Who wrote each post (`authors[i]` wrote `posts[i]`); when absent, each distinct post is its own author. */
  authors?: readonly string[];
  /**
   * Its posts' tags with their post counts as read with them (negative: unknown). When every source
   * has them, the product's measure takes a tag's count from the last source holding it instead of
   * asking `countOf` (thousands of candidates a call).
   */
  tags?: ReadonlyMap<string, { count: number }>;
}

export interface SuggestionInput {
  sources: readonly SuggestionSource[];
  /** Post count of any tag (given or candidate); undefined or negative when unknown. */
  countOf: (hashtag: string) => number | undefined;
  measure?: SuggestionMeasure;
  /** At most this many suggestions (default: all). */
  limit?: number;
  /** Constants of the measures (defaults in SUGGESTION_DEFAULTS). */
  tuning?: Partial<SuggestionTuning>;
}

export interface SuggestionTuning {
  /** postOverlap: the power of a post's overlap with the given tags. */
  overlapPower: number;
  /** postOverlap and liftDamped: the exponent of P(candidate). */
  damping: number;
  /** vote and sum forms: only each list's first `top` candidates take part (the paper's m). */
  top: number;
  /** lift: the fewest co-occurrences a candidate needs. */
  minSupport: number;
  /** The fewest distinct authors whose posts carry a suggestion, over all the windows (decision 025). */
  minAuthors: number;
  /** Posts on a network, for P(tag) = (count + 1) / universe. Scaling it changes no order. */
  universe: number;
  /** The paper's k_r, k_s and k_d (on natural logs of counts). */
  rankPromotion: number;
  stability: number;
  descriptiveness: number;
}

export const SUGGESTION_DEFAULTS: SuggestionTuning = {
  overlapPower: 3,
  damping: 0.2,
  top: 25,
  minSupport: 3,
  minAuthors: LIMITS.suggestionMinAuthors,
  universe: 1e10,
  rankPromotion: 4,
  stability: 9,
  descriptiveness: 11,
};

export interface Suggestion {
  hashtag: string;
  score: number;
  /** Co-occurrences with the given tags, summed over their windows. */
  subcount: number;
  /** How many of the given tags it is related to (at or above the related minimum subcount). */
  lists: number;
  /** Its post count (undefined when unknown). */
  count: number | undefined;
  /** Distinct authors of the posts carrying it, over all the windows. */
  authors: number;
}

const tagIds = suggestionTagIds;
const scratch = new TagScratch();
const GIVEN = 1;
const CANDIDATE = 2;

/**
 * Suggestions for a list of tags, best first; never one of the given tags, never a tag seen in fewer
 * posts than the related minimum or written by fewer than `minAuthors` people. Ties go to the tag related to more given tags, then the larger
 * summed subcount, then the name.
 */
export function suggestHashtags(input: SuggestionInput): Suggestion[] {
  tagIds.startAgainIfFull();
  const digests = input.sources.map(digestOf);
  const ranked = rank(input, {
    digests,
    givenIds: input.sources.map((source) => tagIds.idOf(source.hashtag)),
    size: tagIds.size,
    nameOf: (id) => tagIds.nameOf(id),
    countOf: (id) => input.countOf(tagIds.nameOf(id)),
  });
  return ranked.map(({ id: _id, ...suggestion }) => suggestion);
}

/** A window of the list already digested in the caller's own numbering of tags (a store's tag ids). */
export interface DigestedWindow {
  /** The tag of the list the window belongs to. */
  hashtag: string;
  digest: Digest;
  /** The name of each of `digest.tags`, in its order. */
  names: readonly string[];
}

/**
 * suggestHashtags with the product's measure over windows digested in the caller's numbering (each
 * window's digest has its tags' counts): no names are numbered, and a cached window keeps its digest
 * instead of its posts. The list's tags are the windows' own: by id, or by name where a window does
 * not know its own tag's id (no posts, or its tag was seen only in crowd posts when it was read, while
 * another window read later knows the tag).
 */
export function suggestFromWindows(input: {
  windows: readonly DigestedWindow[];
  limit?: number;
  tuning?: Partial<SuggestionTuning>;
}): NumberedSuggestion[] {
  const digests = input.windows.map((window) => window.digest);
  const nameOf = (id: number) => {
    for (const window of input.windows) {
      const at = indexOfTag(window.digest, id);
      if (at >= 0) return window.names[at]!;
    }
    return '';
  };
  return rank(
    { sources: [], countOf: () => undefined, limit: input.limit, tuning: input.tuning },
    {
      digests,
      givenIds: input.windows.map((window) => givenIdOf(window, input.windows)).filter((id) => id >= 0),
      size: Math.max(-1, ...digests.map(largestIdOf)) + 1,
      nameOf,
      countOf: () => undefined,
    },
  );
}

/** A window's own tag's id, from another window's names where it has none itself (-1: in none). */
function givenIdOf(window: DigestedWindow, windows: readonly DigestedWindow[]): number {
  if (window.digest.ownId >= 0) return window.digest.ownId;
  for (const other of windows) {
    const at = other.names.indexOf(window.hashtag);
    if (at >= 0) return other.digest.tags[at]!;
  }
  return -1;
}

/** One call's windows in one numbering of tags. */
interface Numbered {
  digests: readonly Digest[];
  givenIds: readonly number[];
  /** Every id of the call is below it. */
  size: number;
  nameOf: (id: number) => string;
  /** A tag's count where the windows do not carry their tags' counts. */
  countOf: (id: number) => number | undefined;
}

/** A suggestion with its tag's id in the call's numbering. */
type NumberedSuggestion = Suggestion & { id: number };

function rank(input: SuggestionInput, numbered: Numbered): NumberedSuggestion[] {
  suggestionAuthorIds.startAgainIfFull();
  const { givenIds } = numbered;
  scratch.fit(numbered.size);
  const touched: number[] = [...givenIds];
  try {
    for (const id of givenIds) scratch.marks[id] = GIVEN;
    return rankMarked(input, numbered, touched);
  } finally {
    scratch.clear(touched);
  }
}

function rankMarked(input: SuggestionInput, numbered: Numbered, touched: number[]): NumberedSuggestion[] {
  const { digests, givenIds, nameOf } = numbered;
  const measure = input.measure ?? DEFAULT_SUGGESTION_MEASURE;
  const tuning = { ...SUGGESTION_DEFAULTS, ...input.tuning };
  const { sums, lists, scores, marks, counts } = scratch;
  const min = minSubcountOf('hashtag');
  const countsKnown = digests.every((digest) => digest.counts !== undefined);

  // Summed first, so only tags in enough posts to be suggested get an entry and a score (a popular
  // tag's window holds thousands of tags seen once).
  for (const digest of digests) {
    for (let index = 0; index < digest.tags.length; index++) {
      const id = digest.tags[index]!;
      if (marks[id] === GIVEN) continue;
      const subcount = digest.subcounts[index]!;
      if (sums[id] === 0) touched.push(id);
      sums[id]! += subcount;
      if (subcount >= min) lists[id]!++;
      if (countsKnown) counts[id] = digest.counts![index]!;
    }
  }
  const candidates: number[] = [];
  for (const id of touched) {
    if (marks[id] === GIVEN || sums[id]! < min) continue;
    marks[id] = CANDIDATE;
    candidates.push(id);
  }

  if (measure === SuggestionMeasure.postOverlap) scoreByPostOverlap(digests, givenIds, tuning);
  else scoreByLists(input, digests, tuning);
  const countOf = (id: number) => {
    if (!countsKnown) return numbered.countOf(id);
    const count = counts[id]!;
    return Number.isNaN(count) ? undefined : count;
  };
  const scored = candidates.filter((id) => scores[id]! > 0);
  for (const id of scored) {
    const count = countOf(id);
    counts[id] = count ?? Number.NaN;
    if (measure === SuggestionMeasure.postOverlap)
      scores[id]! /= probabilityOf(count, tuning) ** tuning.damping;
  }
  const before = (a: number, b: number) =>
    scores[b]! - scores[a]! ||
    lists[b]! - lists[a]! ||
    sums[b]! - sums[a]! ||
    compareNames(nameOf(a), nameOf(b));
  // Only tags in enough posts can be suggested; their authors are counted in rank order until
  // `limit` have enough of them (a window of a popular tag holds thousands of tags, each post an author).
  const limit = input.limit === undefined ? scored.length : Math.max(0, Math.floor(input.limit));
  const authorNumbers = authorNumbersOf(digests);
  const ranked: NumberedSuggestion[] = [];
  for (const id of inOrder(scored, before, limit * 2)) {
    if (ranked.length >= limit) break;
    const authors = countAuthorsOverWindows(digests, authorNumbers, id);
    if (authors < tuning.minAuthors) continue;
    const count = counts[id]!;
    ranked.push({
      id,
      hashtag: nameOf(id),
      score: scores[id]!,
      subcount: sums[id]!,
      lists: lists[id]!,
      count: Number.isNaN(count) ? undefined : count,
      authors,
    });
  }
  return ranked;
}

/**
 * `ids` in `before`'s order, the first `first` picked without sorting them all (thousands of
 * candidates, of which a call needs about `limit`), the rest sorted only if asked for.
 */
function* inOrder(ids: number[], before: (a: number, b: number) => number, first: number) {
  if (first >= ids.length) {
    yield* [...ids].sort(before);
    return;
  }
  const best: number[] = [];
  for (const id of ids) {
    if (best.length === first && (first === 0 || before(id, best[first - 1]!) > 0)) continue;
    let at = best.length === first ? first - 1 : best.length;
    while (at > 0 && before(id, best[at - 1]!) < 0) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = id;
  }
  yield* best;
  if (best.length < ids.length) {
    const taken = new Set(best);
    yield* ids.filter((id) => !taken.has(id)).sort(before);
  }
}

/** P(tag) = (count + 1) / universe, at most 1. */
function probabilityOf(count: number | undefined, tuning: SuggestionTuning): number {
  return Math.min(1, (knownCount(count) + 1) / tuning.universe);
}

/** The list-based measures: each given tag's related list, as the product shows it, scores its tags. */
function scoreByLists(input: SuggestionInput, digests: readonly Digest[], tuning: SuggestionTuning): void {
  const measure = input.measure ?? DEFAULT_SUGGESTION_MEASURE;
  const probability = (hashtag: string) => probabilityOf(input.countOf(hashtag), tuning);
  const min = minSubcountOf('hashtag');
  input.sources.forEach((source, sourceIndex) => {
    const digest = digests[sourceIndex]!;
    const related: [number, number][] = [];
    digest.tags.forEach((id, index) => {
      const subcount = digest.subcounts[index]!;
      if (subcount >= min && scratch.marks[id] !== GIVEN) related.push([id, subcount]);
    });
    related.sort(([a, x], [b, y]) => y - x || compareNames(tagIds.nameOf(a), tagIds.nameOf(b)));
    const window = Math.max(1, source.posts.length);
    const givenProbability = probability(source.hashtag);
    related.slice(0, LIMITS.relatedTagsKept).forEach(([id, subcount], index) => {
      const score = listScore(measure, tuning, {
        rank: index + 1,
        subcount,
        conditional: subcount / window,
        givenProbability,
        probability: probability(tagIds.nameOf(id)),
      });
      if (score !== undefined) scratch.scores[id]! += score;
    });
  });
}

/**
 * Each distinct post of the given tags' windows (a post in several windows counts once; posts are
 * told apart by their tag sets) adds (given tags it carries)^power to each of its other tags.
 */
function scoreByPostOverlap(
  digests: readonly Digest[],
  givenIds: readonly number[],
  tuning: SuggestionTuning,
): void {
  const { marks, scores } = scratch;
  // A post can be in two windows only if it carries two of the given tags, when every window's posts
  // carry its own tag and no tag is given twice; otherwise every post is checked.
  const checkAll =
    new Set(givenIds).size < givenIds.length || digests.some((digest) => !digest.postsCarryOwnTag);
  const seen = new SeenTagSets<{ digest: Digest; post: number }>((a, b) =>
    samePost(a.digest, a.post, b.digest, b.post),
  );
  // A post's weight by its overlap (at most one per given tag): a table, not a power per post.
  const weights = Float64Array.from(
    { length: givenIds.length + 1 },
    (_, overlap) => overlap ** tuning.overlapPower,
  );
  for (const digest of digests) {
    const { postTags, postStarts } = digest;
    for (let post = 0; post < digest.postHashes.length; post++) {
      const start = postStarts[post]!;
      const end = postStarts[post + 1]!;
      let overlap = 0;
      for (let index = start; index < end; index++) if (marks[postTags[index]!] === GIVEN) overlap++;
      if ((checkAll || overlap > 1) && !seen.addNew(digest.postHashes[post]!, { digest, post })) continue;
      const weight = weights[overlap]!;
      for (let index = start; index < end; index++) {
        const id = postTags[index]!;
        if (marks[id] === CANDIDATE) scores[id]! += weight;
      }
    }
  }
}

interface PairFacts {
  /** 1 for the first candidate of the given tag's related list. */
  rank: number;
  subcount: number;
  /** P(candidate | given tag). */
  conditional: number;
  givenProbability: number;
  probability: number;
}

/** A candidate's score from one given tag's related list, or undefined when it takes no part. */
function listScore(measure: SuggestionMeasure, k: SuggestionTuning, pair: PairFacts): number | undefined {
  switch (measure) {
    case SuggestionMeasure.subcount:
      return pair.subcount;
    case SuggestionMeasure.cooccurrence:
      return pair.conditional;
    case SuggestionMeasure.vote:
      return pair.rank <= k.top ? 1 : undefined;
    case SuggestionMeasure.sum:
      return pair.rank <= k.top ? pair.conditional : undefined;
    case SuggestionMeasure.votePromoted:
      return pair.rank <= k.top ? promotion(k, pair) : undefined;
    case SuggestionMeasure.sumPromoted:
      return pair.rank <= k.top ? pair.conditional * promotion(k, pair) : undefined;
    case SuggestionMeasure.lift:
      return pair.subcount >= k.minSupport ? pair.conditional / pair.probability : undefined;
    case SuggestionMeasure.npmi: {
      const joint = pair.conditional * pair.givenProbability;
      const npmi = joint >= 1 ? 1 : Math.log(pair.conditional / pair.probability) / -Math.log(joint);
      return Math.max(0, npmi);
    }
    default:
      return pair.conditional / pair.probability ** 0.25;
  }
}

/** Rank promotion x stability of the given tag x descriptiveness of the candidate. */
function promotion(k: SuggestionTuning, pair: PairFacts): number {
  const logOf = (probability: number) => Math.log(probability * k.universe);
  const rank = k.rankPromotion / (k.rankPromotion + pair.rank - 1);
  const stability = k.stability / (k.stability + Math.abs(k.stability - logOf(pair.givenProbability)));
  const descriptive =
    k.descriptiveness / (k.descriptiveness + Math.abs(k.descriptiveness - logOf(pair.probability)));
  return rank * stability * descriptive;
}

// Code-unit order, so the result does not depend on the runtime's locale.
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export { type Digest, digestWindow, indexOfTag, type NumberedWindow } from './window-digest.js';
