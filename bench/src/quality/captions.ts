import {
  type CaptionTuning,
  type CaptionWordStats,
  rankCaptionTags,
  wordsOfCaption,
} from '@tagscout/core/caption';
import type { Database } from '@tagscout/server/db';
import { findCaptionWordStats, type HashtagContext, suggestForCaption } from '@tagscout/server/hashtags';
import type { LabelledPost } from './datasets.js';
import { suggestionTable } from './suggestions.js';

/** A way of ranking tags for a caption's words that the bench compares. */
export interface CaptionVariant {
  name: string;
  /**
   * 'product': the service as the endpoint calls it (with `tuning` to explore); 'vote': the plain vote
   * on the same word table; 'vote-unpruned': the plain vote on every word and pair of the train posts
   * (no pruning, no people rule: what those cost); 'popularity': the train set's 10 most used tags.
   */
  kind: 'product' | 'vote' | 'vote-unpruned' | 'popularity';
  tuning?: Partial<CaptionTuning>;
}

/** The plain vote first: every other row is compared with it. */
export const CAPTION_VARIANTS: CaptionVariant[] = [
  { name: 'plain vote: sum of P(tag | word), same word table (baseline)', kind: 'vote' },
  {
    name: 'plain vote, every word and pair of the train posts (no pruning, one person enough)',
    kind: 'vote-unpruned',
  },
  { name: 'popularity: the 10 most used tags', kind: 'popularity' },
  {
    name: 'people: 2 people a pair, 3 posts a person',
    kind: 'product',
    tuning: { prior: 0, names: 0, expand: 0 },
  },
  { name: 'people + popular among captions (prior 0.2)', kind: 'product', tuning: { names: 0, expand: 0 } },
  {
    name: 'people + prior + names + list suggestions of the best 5 (0.3)',
    kind: 'product',
    tuning: { expand: 0.3 },
  },
  { name: 'people + prior 0.1 + names', kind: 'product', tuning: { prior: 0.1 } },
  { name: '**the product: people + prior 0.2 + tags the text names (0.3)**', kind: 'product' },
];

export interface CaptionScores {
  name: string;
  posts: number;
  hits: number[];
  reciprocalRanks: number[];
}

/** The tweet as a user would paste it with its tags taken out: every #tag and @mention hidden. */
export function hideTagsAndMentions(caption: string): string {
  return caption
    .replace(/[#＃@＠]\S*/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 1 when any of `tags` is in the first `k` of `ranked`; the reciprocal rank of the best placed one. */
export function hitOfAny(
  ranked: readonly string[],
  tags: readonly string[],
  k = 10,
): { hit: number; reciprocalRank: number } {
  const wanted = new Set(tags);
  const index = ranked.findIndex((tag) => wanted.has(tag));
  return { hit: index >= 0 && index < k ? 1 : 0, reciprocalRank: index >= 0 ? 1 / (index + 1) : 0 };
}

/**
 * Each test tweet with text and tags: its words alone (tags and mentions hidden) ask each variant for
 * 10 tags; a hit is any of the tweet's tags among them. The table was built from the train tweets only.
 */
export async function evaluateCaptions(options: {
  test: readonly LabelledPost[];
  train: readonly LabelledPost[];
  database: Database;
  context: HashtagContext;
  variants?: readonly CaptionVariant[];
}): Promise<CaptionScores[]> {
  const variants = options.variants ?? CAPTION_VARIANTS;
  const popular = popularTags(options.train);
  const unpruned = unprunedTable(options.train);
  const scores = variants.map((variant) => ({
    name: variant.name,
    posts: 0,
    hits: [] as number[],
    reciprocalRanks: [] as number[],
  }));
  for (const post of options.test) {
    if (!post.caption || post.tags.length === 0) continue;
    const text = hideTagsAndMentions(post.caption);
    const words = wordsOfCaption(text);
    const stats = await findCaptionWordStats(options.database, { network: 'instagram', words, perWord: 200 });
    for (const [i, variant] of variants.entries()) {
      let ranked: string[];
      if (variant.kind === 'popularity') ranked = popular;
      else if (variant.kind === 'vote' || variant.kind === 'vote-unpruned') {
        const table = variant.kind === 'vote' ? stats.words : unpruned(words);
        ranked = rankCaptionTags({ words: table, measure: 'vote', limit: 10 }).map((s) => s.hashtag);
      } else if (text === '') ranked = [];
      else {
        const answer = await suggestForCaption(options.context, {
          text,
          limit: 10,
          visible: null,
          network: 'instagram',
          tuning: variant.tuning,
        });
        ranked = answer.suggestions.map((s) => s.hashtag);
      }
      const { hit, reciprocalRank } = hitOfAny(ranked, post.tags);
      const score = scores[i]!;
      score.posts++;
      score.hits.push(hit);
      score.reciprocalRanks.push(reciprocalRank);
    }
  }
  return scores;
}

/** The words and word-tag pairs of the train posts, none left out: the table before pruning and the people rule. */
function unprunedTable(train: readonly LabelledPost[]): (words: readonly string[]) => CaptionWordStats[] {
  const posts = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  for (const post of train) {
    if (!post.caption) continue;
    for (const word of wordsOfCaption(post.caption)) {
      posts.set(word, (posts.get(word) ?? 0) + 1);
      let tags = pairs.get(word);
      if (!tags) {
        tags = new Map();
        pairs.set(word, tags);
      }
      for (const tag of post.tags.slice(0, 10)) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    }
  }
  return (words) =>
    words
      .filter((word) => posts.has(word))
      .map((word) => ({
        word,
        posts: posts.get(word)!,
        authors: 0,
        tags: [...pairs.get(word)!].map(([hashtag, count]) => ({ hashtag, posts: count, authors: 0 })),
      }));
}

/** What the word table would hold unpruned: distinct words and word-tag pairs of the train posts (and each tag once for all captions). */
export function unprunedSize(train: readonly LabelledPost[]): { words: number; pairs: number } {
  const words = new Set<string>();
  const pairs = new Set<string>();
  for (const post of train) {
    if (!post.caption) continue;
    const postWords = wordsOfCaption(post.caption);
    if (postWords.length === 0) continue;
    for (const word of ['', ...postWords]) {
      words.add(word);
      for (const tag of post.tags.slice(0, 10)) pairs.add(`${word}\u0000${tag}`);
    }
  }
  return { words: words.size, pairs: pairs.size };
}

/** Markdown rows: hit@10 with its 95% bootstrap interval, MRR, and the paired difference from the plain vote. */
export function captionTable(scores: readonly CaptionScores[]): string[] {
  return suggestionTable(scores, { row: 'ranking', baseline: 'plain vote' });
}

function popularTags(train: readonly LabelledPost[]): string[] {
  const counts = new Map<string, number>();
  for (const post of train) for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 10)
    .map(([tag]) => tag);
}
