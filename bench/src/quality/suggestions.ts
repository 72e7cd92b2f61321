import { LIMITS } from '@tagscout/core/limits';
import {
  type SuggestionMeasure,
  type SuggestionSource,
  type SuggestionTuning,
  suggestHashtags,
} from '@tagscout/core/related';
import type { Database } from '@tagscout/server/db';
import { countOf, findRecentPosts } from '@tagscout/server/hashtags';
import { createRandom } from '../stats.js';
import type { LabelledPost } from './datasets.js';
import { compareReciprocalRanks, hashOf } from './evaluate.js';

/** A suggestion measure as the bench names it: core's measure with its constants. */
export interface SuggestionVariant {
  name: string;
  measure: SuggestionMeasure;
  tuning?: Partial<SuggestionTuning>;
}

/** The baseline first: the others are compared with it. */
export const SUGGESTION_VARIANTS: SuggestionVariant[] = [
  { name: 'subcount (baseline)', measure: 'subcount' },
  { name: 'cooccurrence', measure: 'cooccurrence' },
  { name: 'vote (m=25)', measure: 'vote' },
  { name: 'sum (m=25)', measure: 'sum' },
  { name: 'vote+ (m=25, k_r=4, k_s=9, k_d=11)', measure: 'votePromoted' },
  { name: 'sum+ (m=25, k_r=4, k_s=9, k_d=11)', measure: 'sumPromoted' },
  { name: 'sum+ (m=40, k_d=14)', measure: 'sumPromoted', tuning: { top: 40, descriptiveness: 14 } },
  { name: 'lift (support >= 3)', measure: 'lift' },
  { name: 'lift (support >= 5)', measure: 'lift', tuning: { minSupport: 5 } },
  { name: 'npmi', measure: 'npmi' },
  { name: 'liftDamped (P(c)^0.25)', measure: 'liftDamped' },
  {
    name: 'postOverlap, power 1 (no damping)',
    measure: 'postOverlap',
    tuning: { overlapPower: 1, damping: 0 },
  },
  { name: 'postOverlap, power 2', measure: 'postOverlap', tuning: { overlapPower: 2 } },
  { name: 'postOverlap, power 3, P(c)^0.1', measure: 'postOverlap', tuning: { damping: 0.1 } },
  {
    name: 'postOverlap, power 3, P(c)^0.2, any 1 author (before decision 025)',
    measure: 'postOverlap',
    tuning: { minAuthors: 1 },
  },
  { name: '**postOverlap, power 3, P(c)^0.2, 2 authors (the product)**', measure: 'postOverlap' },
  { name: 'postOverlap, power 3, P(c)^0.2, 3 authors', measure: 'postOverlap', tuning: { minAuthors: 3 } },
  { name: 'postOverlap, power 3, P(c)^0.2, 5 authors', measure: 'postOverlap', tuning: { minAuthors: 5 } },
  { name: 'postOverlap, power 3, P(c)^0.3', measure: 'postOverlap', tuning: { damping: 0.3 } },
  { name: 'postOverlap, power 4', measure: 'postOverlap', tuning: { overlapPower: 4 } },
];

export interface SuggestionScores {
  name: string;
  posts: number;
  hits: number[];
  reciprocalRanks: number[];
}

interface Window {
  source: SuggestionSource;
  counts: Map<string, number | undefined>;
}

/** Each given tag's window as the suggestion service reads it: its most recent `window` posts. */
export class SuggestionWindows {
  private readonly cache = new Map<string, Window>();

  constructor(private readonly options: { database: Database; window: number }) {}

  async of(tag: string): Promise<Window> {
    const cached = this.cache.get(tag);
    if (cached) return cached;
    const { database, window } = this.options;
    const recent = await findRecentPosts(database, {
      item: { kind: 'hashtag', network: 'instagram', name: tag },
      window,
      perAuthor: LIMITS.relatedPostsPerAuthor,
    });
    const counts = new Map<string, number | undefined>();
    for (const row of recent.tags.values()) {
      counts.set(row.name, row.count_state === 'known' ? countOf(row) : undefined);
    }
    const posts = recent.posts.map((ids) =>
      ids.map((id) => recent.tags.get(id)?.name).filter((name): name is string => name !== undefined),
    );
    const entry = { source: { hashtag: tag, posts, authors: recent.authors }, counts };
    this.cache.set(tag, entry);
    return entry;
  }
}

/**
 * Leave-one-out over test posts with 3+ tags (the same hidden tag per post as the related-list
 * evaluation): the remaining tags go to core's suggestHashtags, the form by names of what the
 * suggestion service ranks with (suggestFromWindows, the same answers: decision 039);
 * it never returns a given tag. Hit@10 and the hidden tag's reciprocal rank are kept per post for
 * paired bootstraps.
 */
export async function evaluateSuggestions(options: {
  test: readonly LabelledPost[];
  windows: SuggestionWindows;
  variants: readonly SuggestionVariant[];
  seed: number;
  /** Multiplies every count (network-scale counts). */
  countScale: number;
}): Promise<SuggestionScores[]> {
  const scores = options.variants.map((variant) => ({
    name: variant.name,
    posts: 0,
    hits: [] as number[],
    reciprocalRanks: [] as number[],
  }));
  for (const post of options.test) {
    if (post.tags.length < 3) continue;
    const random = createRandom(hashOf(post.postId) ^ options.seed);
    const hidden = post.tags[Math.floor(random() * post.tags.length)]!;
    const given = post.tags.filter((tag) => tag !== hidden);
    const windows = await Promise.all(given.map((tag) => options.windows.of(tag)));
    const countOfTag = (tag: string) => {
      for (const window of windows) {
        if (!window.counts.has(tag)) continue;
        const count = window.counts.get(tag);
        return count === undefined ? undefined : count * options.countScale;
      }
      return undefined;
    };
    options.variants.forEach((variant, i) => {
      const ranked = suggestHashtags({
        sources: windows.map((window) => window.source),
        countOf: countOfTag,
        measure: variant.measure,
        tuning: variant.tuning,
      });
      const rank = ranked.findIndex((suggestion) => suggestion.hashtag === hidden) + 1;
      const score = scores[i]!;
      score.posts++;
      score.hits.push(rank > 0 && rank <= 10 ? 1 : 0);
      score.reciprocalRanks.push(rank > 0 ? 1 / rank : 0);
    });
  }
  return scores;
}

/**
 * Markdown rows: hit@10 with its 95% bootstrap interval, MRR, and the paired difference from the first
 * row; `labels` name the first column and the first row in the header.
 */
export function suggestionTable(
  scores: readonly SuggestionScores[],
  labels: { row: string; baseline: string } = { row: 'measure', baseline: 'baseline' },
): string[] {
  const baseline = scores[0]!;
  const zeros = baseline.hits.map(() => 0);
  const lines = [
    `| ${labels.row} | hit@10 [95% CI] | MRR | hit@10 - ${labels.baseline} [95% CI] |`,
    '|---|---:|---:|---:|',
  ];
  for (const score of scores) {
    const own = compareReciprocalRanks(score.hits, zeros);
    const versus = compareReciprocalRanks(score.hits, baseline.hits);
    const mrr = score.reciprocalRanks.reduce((sum, value) => sum + value, 0) / score.posts;
    const delta =
      score === baseline
        ? '-'
        : `${signedPoints(versus.difference)} [${signedPoints(versus.low)}, ${signedPoints(versus.high)}]`;
    lines.push(
      `| ${score.name} | ${percent(own.difference)} [${percent(own.low)}, ${percent(own.high)}] | ` +
        `${mrr.toFixed(3)} | ${delta} |`,
    );
  }
  return lines;
}

function percent(value: number): string {
  return `${(100 * value).toFixed(1)}%`;
}

function signedPoints(value: number): string {
  return `${value >= 0 ? '+' : ''}${(100 * value).toFixed(1)}`;
}
