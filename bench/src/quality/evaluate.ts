import { createRandom } from '../stats.js';
import type { LabelledPost } from './datasets.js';
import type { Measure } from './measures.js';
import type { RelatedLists, ScoredTag } from './related-lists.js';

/** How the related lists of a post's remaining tags are merged into one ranking of candidates. */
export const Combination = {
  /** A candidate's score is the sum of its scores in every list it appears in. */
  sum: 'sum',
  /** Reciprocal-rank fusion: the sum over lists of 1 / (10 + rank), rank from 1; blind to score scales. */
  rankFusion: 'rankFusion',
} as const;
export type Combination = (typeof Combination)[keyof typeof Combination];

export interface Scores {
  posts: number;
  hitsAt5: number;
  hitsAt10: number;
  reciprocalRankSum: number;
  /** The hidden tag was among the candidates at all. */
  found: number;
  /** Per test post, in order: 1 / rank, 0 when not found (for paired comparisons). */
  reciprocalRanks: number[];
}

export interface Evaluation {
  /** Test posts with 3 or more tags that took part. */
  posts: number;
  /** Hidden tags the train store never saw (a miss for every measure). */
  unseenHidden: number;
  byMeasure: Map<string, Map<Combination, Scores>>;
}

const FUSION_OFFSET = 10;

/**
 * Leave-one-out over the test posts with 3 or more tags: a seeded choice of one tag (among those
 * `canHide` allows) is hidden, the rest (or one of them) are the query, and the hidden tag's rank
 * among the merged candidates (the post's other tags excluded) is scored.
 */
export async function evaluateHiddenTag(options: {
  test: readonly LabelledPost[];
  lists: RelatedLists;
  measures: readonly Measure[];
  knownTags: ReadonlySet<string>;
  seed: number;
  canHide?: (post: LabelledPost, tag: string) => boolean;
  /** 'all': the query is every remaining tag (default); 'one': a seeded one of them, so one list alone is ranked. */
  query?: 'all' | 'one';
}): Promise<Evaluation> {
  const byMeasure = new Map<string, Map<Combination, Scores>>();
  for (const measure of options.measures) {
    byMeasure.set(measure.name, new Map(Object.values(Combination).map((c) => [c, emptyScores()])));
  }
  let posts = 0;
  let unseenHidden = 0;
  for (const post of options.test) {
    if (post.tags.length < 3) continue;
    const hideable = post.tags.filter((tag) => options.canHide?.(post, tag) ?? true);
    if (hideable.length === 0) continue;
    const random = createRandom(hashOf(post.postId) ^ options.seed);
    const hidden = hideable[Math.floor(random() * hideable.length)]!;
    const remaining = post.tags.filter((tag) => tag !== hidden);
    const query = options.query === 'one' ? [remaining[Math.floor(random() * remaining.length)]!] : remaining;
    posts++;
    if (!options.knownTags.has(hidden)) unseenHidden++;
    const listsOfQuery = await Promise.all(query.map((tag) => options.lists.of(tag)));
    for (const measure of options.measures) {
      const lists = listsOfQuery.map((lists) => lists.get(measure.name) ?? []);
      for (const combination of Object.values(Combination)) {
        const rank = rankOf(hidden, mergeCandidates(lists, combination, new Set(remaining)));
        const scores = byMeasure.get(measure.name)!.get(combination)!;
        scores.posts++;
        scores.reciprocalRanks.push(rank === undefined ? 0 : 1 / rank);
        if (rank === undefined) continue;
        scores.found++;
        if (rank <= 5) scores.hitsAt5++;
        if (rank <= 10) scores.hitsAt10++;
        scores.reciprocalRankSum += 1 / rank;
      }
    }
  }
  return { posts, unseenHidden, byMeasure };
}

/** Candidates best first; ties by the number of lists naming them, then by name. */
export function mergeCandidates(
  lists: readonly ScoredTag[][],
  combination: Combination,
  exclude: ReadonlySet<string>,
): string[] {
  const merged = new Map<string, { score: number; lists: number }>();
  for (const list of lists) {
    list.forEach((tag, index) => {
      if (exclude.has(tag.hashtag)) return;
      const entry = merged.get(tag.hashtag) ?? { score: 0, lists: 0 };
      entry.score += combination === Combination.sum ? tag.score : 1 / (FUSION_OFFSET + index + 1);
      entry.lists++;
      merged.set(tag.hashtag, entry);
    });
  }
  return [...merged]
    .sort(([nameA, a], [nameB, b]) => b.score - a.score || b.lists - a.lists || (nameA < nameB ? -1 : 1))
    .map(([name]) => name);
}

/**
 * The mean difference in reciprocal rank (a - b) over the same posts, with a 95% interval from a
 * seeded paired bootstrap: an interval that excludes 0 is a difference the sample supports.
 */
export function compareReciprocalRanks(
  a: readonly number[],
  b: readonly number[],
  seed = 1,
): { difference: number; low: number; high: number } {
  const differences = a.map((value, i) => value - b[i]!);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const random = createRandom(seed);
  const means: number[] = [];
  for (let round = 0; round < 1000; round++) {
    let sum = 0;
    for (let i = 0; i < differences.length; i++)
      sum += differences[Math.floor(random() * differences.length)]!;
    means.push(sum / differences.length);
  }
  means.sort((x, y) => x - y);
  return { difference: mean(differences), low: means[25]!, high: means[974]! };
}

function rankOf(tag: string, ranked: readonly string[]): number | undefined {
  const index = ranked.indexOf(tag);
  return index === -1 ? undefined : index + 1;
}

function emptyScores(): Scores {
  return { posts: 0, hitsAt5: 0, hitsAt10: 0, reciprocalRankSum: 0, found: 0, reciprocalRanks: [] };
}

/** FNV-1a, so each post's hidden tag depends only on its id and the seed. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
