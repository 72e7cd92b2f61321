import { AUTHOR_SKETCH_BITS, authorsOfSketch } from './author-sketch.js';

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
  /** Posts one author may weigh in a word or a word-tag pair (as RELATED_POSTS_PER_AUTHOR in a related window). */
  postsPerAuthor: number;
  /** People a word-tag pair needs before it votes (as a suggestion's, LIMITS.suggestionMinAuthors). */
  minAuthors: number;
  /** Posts added to each word's total: a rare word's few posts vote less surely. */
  smoothing: number;
  /**
   * Weight of the tags' popularity among all captions (`popular`), per word of the caption: a
   * caption's few known words leave room for the tags most posts carry.
   */
  prior: number;
  /** What a tag the text names ("father's day": #fathersday) adds, as a share of the best score. */
  names: number;
  /** Weight of the list suggestions of the best `expandFrom` tags (the service's second step), against the best score. */
  expand: number;
  expandFrom: number;
}

/** The product's constants, chosen on av-twitter (bench/README.md, decision 030). */
export const CAPTION_TUNING: CaptionTuning = {
  postsPerAuthor: 3,
  minAuthors: 2,
  smoothing: 5,
  prior: 0.2,
  names: 0.3,
  // The best tags' own list suggestions cost 0.8 points of hit@10 on av-twitter: off.
  expand: 0,
  expandFrom: 5,
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
 * with the share of its posts that carry them; 'people' weighs each author at most `postsPerAuthor`
 * posts and needs `minAuthors` people behind a pair (decision 030). The tags' popularity among all
 * captions (`popular`, the table's ANY_WORD row) and the tags the text names (`named`) add to it.
 */
export function rankCaptionTags(options: {
  words: readonly CaptionWordStats[];
  popular?: CaptionWordStats;
  named?: readonly string[];
  exclude?: ReadonlySet<string>;
  measure?: CaptionMeasure;
  tuning?: Partial<CaptionTuning>;
  limit?: number;
}): CaptionSuggestion[] {
  const measure = options.measure ?? 'people';
  const tuning = { ...CAPTION_TUNING, ...options.tuning };
  const byTag = new Map<string, CaptionSuggestion>();
  const add = (hashtag: string, vote: number, posts: number, people: number) => {
    if (options.exclude?.has(hashtag)) return;
    const entry = byTag.get(hashtag);
    if (!entry) byTag.set(hashtag, { hashtag, score: vote, posts, authors: Math.round(people) });
    else {
      entry.score += vote;
      entry.posts += posts;
      entry.authors = Math.max(entry.authors, Math.round(people));
    }
  };
  const votesOf = (word: CaptionWordStats, weight: number) => {
    const total = weighed(word, measure, tuning) + (measure === 'vote' ? 0 : tuning.smoothing);
    if (total <= 0) return;
    for (const tag of word.tags) {
      const people = authorsOfSketch(tag.authors);
      if (measure === 'people' && Math.round(people) < tuning.minAuthors) continue;
      const posts = weighed(tag, measure, tuning);
      add(tag.hashtag, (weight * posts) / total, posts, people);
    }
  };
  for (const word of options.words) votesOf(word, 1);
  if (options.popular && tuning.prior > 0) {
    // Only the popularity, not the posts: a popular tag no word of the caption goes with says so.
    const before = new Map([...byTag].map(([name, entry]) => [name, { ...entry }]));
    votesOf(options.popular, tuning.prior * Math.max(1, options.words.length));
    for (const [name, entry] of byTag) {
      const old = before.get(name);
      entry.posts = old?.posts ?? 0;
      entry.authors = old?.authors ?? 0;
    }
  }
  if (options.named?.length && tuning.names > 0) {
    const bonus = tuning.names * Math.max(0, ...[...byTag.values()].map((entry) => entry.score));
    for (const name of options.named) add(name, bonus > 0 ? bonus : tuning.names, 0, 0);
  }
  const ranked = [...byTag.values()];
  ranked.sort((a, b) => b.score - a.score || b.posts - a.posts || (a.hashtag < b.hashtag ? -1 : 1));
  return options.limit === undefined ? ranked : ranked.slice(0, options.limit);
}

/**
 * A word's or a pair's posts: all of them for the plain vote; for 'people', at most `postsPerAuthor`
 * a person, until every bit of its sketch is set (about a hundred people or more, no one author's
 * doing), where the estimate stops and its posts count as they are.
 */
function weighed(
  row: { posts: number; authors: number },
  measure: CaptionMeasure,
  tuning: CaptionTuning,
): number {
  if (measure === 'vote' || row.authors === FULL_SKETCH) return row.posts;
  return Math.min(row.posts, Math.max(1, Math.round(authorsOfSketch(row.authors))) * tuning.postsPerAuthor);
}

const FULL_SKETCH = 2 ** AUTHOR_SKETCH_BITS - 1;
