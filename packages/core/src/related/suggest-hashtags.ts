import { LIMITS } from '../limits/index.js';
import { countSubcounts } from './count-subcounts.js';
import { knownCount, minSubcountOf } from './relevance.js';

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

/**
 * Suggestions for a list of tags, best first; never one of the given tags, never a tag seen in fewer
 * posts than the related minimum or written by fewer than `minAuthors` people. Ties go to the tag related to more given tags, then the larger
 * summed subcount, then the name.
 */
export function suggestHashtags(input: SuggestionInput): Suggestion[] {
  const measure = input.measure ?? DEFAULT_SUGGESTION_MEASURE;
  const tuning = { ...SUGGESTION_DEFAULTS, ...input.tuning };
  const given = new Set(input.sources.map((source) => source.hashtag));
  const min = minSubcountOf('hashtag');
  const probability = (hashtag: string) =>
    Math.min(1, (knownCount(input.countOf(hashtag)) + 1) / tuning.universe);

  // Summed first, so only tags in enough posts to be suggested get an entry and a score (a popular
  // tag's window holds thousands of tags seen once).
  const subcountSums = new Map<string, number>();
  const listCounts = new Map<string, number>();
  for (const source of input.sources) {
    for (const [hashtag, subcount] of digestOf(source).subcounts) {
      if (given.has(hashtag)) continue;
      subcountSums.set(hashtag, (subcountSums.get(hashtag) ?? 0) + subcount);
      if (subcount >= min) listCounts.set(hashtag, (listCounts.get(hashtag) ?? 0) + 1);
    }
  }
  const merged = new Map<string, Suggestion>();
  for (const [hashtag, subcount] of subcountSums) {
    if (subcount < min) continue;
    const lists = listCounts.get(hashtag) ?? 0;
    merged.set(hashtag, { hashtag, score: 0, subcount, lists, count: undefined, authors: 0 });
  }

  for (const source of input.sources) {
    if (measure === SuggestionMeasure.postOverlap) break;
    const { subcounts } = digestOf(source);
    const related = [...subcounts]
      .filter(([hashtag, subcount]) => subcount >= min && !given.has(hashtag))
      .sort(([a, x], [b, y]) => y - x || compareNames(a, b))
      .slice(0, LIMITS.relatedTagsKept);
    const window = Math.max(1, source.posts.length);
    const givenProbability = probability(source.hashtag);
    related.forEach(([hashtag, subcount], index) => {
      const score = listScore(measure, tuning, {
        rank: index + 1,
        subcount,
        conditional: subcount / window,
        givenProbability,
        probability: probability(hashtag),
      });
      if (score !== undefined) merged.get(hashtag)!.score += score;
    });
  }
  if (measure === SuggestionMeasure.postOverlap) scoreByPostOverlap(input.sources, given, tuning, merged);
  // Only tags in enough posts can be suggested; their authors are counted in rank order until
  // `limit` have enough of them (a window of a popular tag holds thousands of tags, each post an author).
  const candidates = [...merged.values()].filter((entry) => entry.score > 0);
  for (const entry of candidates) {
    entry.count = input.countOf(entry.hashtag);
    if (measure === SuggestionMeasure.postOverlap)
      entry.score /= probability(entry.hashtag) ** tuning.damping;
  }
  candidates.sort(
    (a, b) =>
      b.score - a.score || b.lists - a.lists || b.subcount - a.subcount || compareNames(a.hashtag, b.hashtag),
  );
  const limit = input.limit === undefined ? candidates.length : Math.max(0, Math.floor(input.limit));
  const ranked: Suggestion[] = [];
  for (const entry of candidates) {
    if (ranked.length >= limit) break;
    entry.authors = countAuthorsOverWindows(input.sources, entry.hashtag);
    if (entry.authors >= tuning.minAuthors) ranked.push(entry);
  }
  return ranked;
}

/**
 * Each distinct post of the given tags' windows (a post in several windows counts once; posts are
 * told apart by their tag sets) adds (given tags it carries)^power to each of its other tags.
 */
function scoreByPostOverlap(
  sources: readonly SuggestionSource[],
  given: ReadonlySet<string>,
  tuning: SuggestionTuning,
  candidates: ReadonlyMap<string, Suggestion>,
): void {
  const seen = new Set<string>();
  for (const source of sources) {
    for (const { key, tags } of digestOf(source).posts) {
      if (seen.has(key)) continue;
      seen.add(key);
      const overlap = tags.filter((tag) => given.has(tag)).length;
      const weight = overlap ** tuning.overlapPower;
      for (const tag of tags) {
        const entry = candidates.get(tag);
        if (entry) entry.score += weight;
      }
    }
  }
}

/** A candidate's distinct authors over every window; an unauthored post is known by its tag set. */
function countAuthorsOverWindows(sources: readonly SuggestionSource[], hashtag: string): number {
  let first: Authors | undefined;
  let union: Set<string> | undefined;
  for (const source of sources) {
    const authors = digestOf(source).authors.get(hashtag);
    if (authors === undefined) continue;
    if (first === undefined) {
      first = authors;
      continue;
    }
    union ??= new Set(authorsOf(first));
    for (const author of authorsOf(authors)) union.add(author);
  }
  if (union) return union.size;
  return first === undefined ? 0 : typeof first === 'string' ? 1 : first.size;
}

/** One author, or several distinct ones. */
type Authors = string | Set<string>;

function authorsOf(authors: Authors): Iterable<string> {
  return typeof authors === 'string' ? [authors] : authors;
}

interface Digest {
  subcounts: Map<string, number>;
  posts: { key: string; tags: string[] }[];
  /** Each tag's distinct authors in this window. */
  authors: Map<string, Authors>;
}

// What a source's posts give every call, kept while the caller keeps the source (the bench asks
// thousands of lists of the same windows).
const digests = new WeakMap<SuggestionSource, Digest>();

function digestOf(source: SuggestionSource): Digest {
  let digest = digests.get(source);
  if (!digest) {
    const posts = source.posts.map((post) => {
      const tags = [...new Set(post)].sort();
      return { key: tags.join(' '), tags };
    });
    digest = {
      subcounts: countSubcounts(source.posts, source.hashtag),
      posts,
      authors: authorsByTag(source, posts),
    };
    digests.set(source, digest);
  }
  return digest;
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

function authorsByTag(source: SuggestionSource, posts: Digest['posts']): Map<string, Authors> {
  const byTag = new Map<string, Authors>();
  posts.forEach(({ key, tags }, index) => {
    const author = source.authors?.[index] ?? `#${key}`;
    for (const tag of tags) {
      const before = byTag.get(tag);
      if (before === undefined) byTag.set(tag, author);
      else if (typeof before === 'string') {
        if (before !== author) byTag.set(tag, new Set([before, author]));
      } else before.add(author);
    }
  });
  return byTag;
}
