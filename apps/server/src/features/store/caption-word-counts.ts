import { ANY_WORD, authorBit, hashOfText, withAuthorBit, wordsOfCaption } from '@tagscout/core/caption';
import { dayOfEpochSeconds } from '@tagscout/core/networks';

/** Tags of one post a word is paired with at most: a post of 30 tags would write 30 rows a word. */
export const CAPTION_TAGS_PER_POST = 10;

/**
 * A live stream's stored posts feed the word table one in this many (chosen by a hash of the post
 * id, so a replay chooses the same): a word and a pair row for each word of every post cost the
 * firehose 2.5 to 4 times its CPU when every post fed it (bench/README.md, decision 030), and a sample of a live network's
 * posts says which tags go with a word as well as all of them.
 */
export const STREAM_WORDS_ONE_IN = 20;

/** Whether a live stream's post feeds the word table (STREAM_WORDS_ONE_IN). */
export function isStreamWordSample(postId: string): boolean {
  return hashOfText(postId) % STREAM_WORDS_ONE_IN === 0;
}

/** A word's (or a word-tag pair's) posts, author sketch and newest day in one batch. */
export interface WordTally {
  posts: number;
  authors: number;
  lastDay: number;
}

/**
 * The word table rows a batch adds (decision 030): each new post's words, and each word with each
 * of its tags, summed in memory so a batch writes a row once. Only posts stored for everyone feed
 * it (a trusted source's, never a crowd report's or a user's own), with the text they came with.
 */
export class CaptionWordCounts {
  private readonly words = new Map<string, WordTally>();
  private readonly pairs = new Map<string, Map<number, WordTally>>();

  get isEmpty(): boolean {
    return this.words.size === 0;
  }

  add(post: {
    text: string | undefined;
    langs?: readonly string[];
    tagIds: readonly number[];
    author: string;
    takenAt: number;
  }): void {
    if (!post.text || post.tagIds.length === 0) return;
    const words = wordsOfCaption(post.text, { langs: post.langs });
    if (words.length === 0) return;
    const bit = authorBit(post.author);
    const day = dayOfEpochSeconds(post.takenAt);
    const tagIds = [...new Set(post.tagIds)].slice(0, CAPTION_TAGS_PER_POST);
    // ANY_WORD: every post with words, and each tag's posts and people among them (the tags' popularity).
    for (const word of [ANY_WORD, ...words]) {
      tally(this.words, word, bit, day);
      let tags = this.pairs.get(word);
      if (!tags) {
        tags = new Map();
        this.pairs.set(word, tags);
      }
      for (const tagId of tagIds) tally(tags, tagId, bit, day);
    }
  }

  /** [word, posts, authors, last day], in word order so concurrent writers touch rows in one order. */
  wordRows(): [string, number, number, number][] {
    return [...this.words.keys()].sort().map((word) => {
      const { posts, authors, lastDay } = this.words.get(word)!;
      return [word, posts, authors, lastDay];
    });
  }

  /** [word, tag id, posts, authors, last day], in key order. */
  pairRows(): [string, number, number, number, number][] {
    const rows: [string, number, number, number, number][] = [];
    for (const word of [...this.pairs.keys()].sort()) {
      const tags = this.pairs.get(word)!;
      for (const tagId of [...tags.keys()].sort((a, b) => a - b)) {
        const { posts, authors, lastDay } = tags.get(tagId)!;
        rows.push([word, tagId, posts, authors, lastDay]);
      }
    }
    return rows;
  }
}

function tally<K>(map: Map<K, WordTally>, key: K, bit: number, day: number): void {
  const entry = map.get(key);
  if (!entry) {
    map.set(key, { posts: 1, authors: bit, lastDay: day });
    return;
  }
  entry.posts++;
  entry.authors = withAuthorBit(entry.authors, bit);
  entry.lastDay = Math.max(entry.lastDay, day);
}
