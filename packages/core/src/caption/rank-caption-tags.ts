import { authorsOfSketch } from './author-sketch.js';

/** A word of the caption as the word table holds it: its posts and people, and the tags seen with it. */
export interface CaptionWordStats {
  word: string;
  posts: number;
  /** The word's author sketch (author-sketch.ts). */
  authors: number;
  tags: readonly { hashtag: string; posts: number; authors: number }[];
}

/** 'vote': the plain vote, the sum over words of P(tag | word) from post counts; 'people': the product's. */
export type CaptionMeasure = 'vote' | 'people';

export interface CaptionTuning {
  /** Posts one author may weigh in a word-tag pair (as RELATED_POSTS_PER_AUTHOR in a related window). */
  postsPerAuthor: number;
  /** People a word-tag pair needs before it votes (as a suggestion's). */
  minAuthors: number;
  /** Posts added to each word's total: a rare word's few posts vote less surely. */
  smoothing: number;
  /** A word's vote times (1 / log2(2 + its people))^power: common words say less about the caption. */
  specificity: number;
  /** A tag's score over (its count + 1)^damping: the biggest tags go with every word. */
  damping: number;
}

export const CAPTION_TUNING: CaptionTuning = {
  postsPerAuthor: 3,
  minAuthors: 2,
  smoothing: 5,
  specificity: 1,
  damping: 0,
};

export interface CaptionSuggestion {
  hashtag: string;
  score: number;
  /** Posts that carry it with a word of the caption, summed over the words (people-capped for 'people'). */
  posts: number;
  /** The most people behind it with any one word. */
  authors: number;
}

/**
 * Tags for the words of a caption, best first, never one of `exclude`. Each word votes for its tags
 * with the share of its posts that carry them; 'people' weighs each author at most
 * `postsPerAuthor` posts, needs `minAuthors` people behind a pair, and tunes the vote (decision 030).
 */
export function rankCaptionTags(options: {
  words: readonly CaptionWordStats[];
  exclude?: ReadonlySet<string>;
  countOf?: (hashtag: string) => number | undefined;
  measure?: CaptionMeasure;
  tuning?: Partial<CaptionTuning>;
  limit?: number;
}): CaptionSuggestion[] {
  const measure = options.measure ?? 'people';
  const tuning = { ...CAPTION_TUNING, ...options.tuning };
  const byTag = new Map<string, CaptionSuggestion>();
  for (const word of options.words) {
    const wordPeople = authorsOfSketch(word.authors);
    const wordPosts = measure === 'vote' ? word.posts : cappedPosts(word.posts, wordPeople, tuning);
    if (wordPosts <= 0) continue;
    const weight =
      measure === 'vote'
        ? 1
        : (1 / Math.log2(2 + wordPeople)) ** tuning.specificity / (wordPosts + tuning.smoothing);
    for (const tag of word.tags) {
      if (options.exclude?.has(tag.hashtag)) continue;
      const people = authorsOfSketch(tag.authors);
      if (measure === 'people' && Math.round(people) < tuning.minAuthors) continue;
      const posts = measure === 'vote' ? tag.posts : cappedPosts(tag.posts, people, tuning);
      const vote = measure === 'vote' ? posts / wordPosts : posts * weight;
      const entry = byTag.get(tag.hashtag);
      if (entry) {
        entry.score += vote;
        entry.posts += posts;
        entry.authors = Math.max(entry.authors, Math.round(people));
      } else
        byTag.set(tag.hashtag, { hashtag: tag.hashtag, score: vote, posts, authors: Math.round(people) });
    }
  }
  const ranked = [...byTag.values()];
  if (measure === 'people' && tuning.damping > 0) {
    for (const entry of ranked)
      entry.score /= ((options.countOf?.(entry.hashtag) ?? 0) + 1) ** tuning.damping;
  }
  ranked.sort((a, b) => b.score - a.score || b.posts - a.posts || (a.hashtag < b.hashtag ? -1 : 1));
  return options.limit === undefined ? ranked : ranked.slice(0, options.limit);
}

function cappedPosts(posts: number, people: number, tuning: CaptionTuning): number {
  return Math.min(posts, Math.max(1, Math.round(people)) * tuning.postsPerAuthor);
}
