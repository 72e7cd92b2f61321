import twitter from 'twitter-text';
import { stopWordsFor } from './stop-words.js';

/**
 * Days a word row that one person stands behind stays unpruned on a live network (decision 030):
 * a second person must use the word (or the word with the tag) within them for it to count.
 */
export const CAPTION_SINGLES_KEEP_DAYS = 7;

/**
 * The word table's row for every post with words (no word is empty): its tags are the tags of all
 * such posts, their popularity among captions (decision 030).
 */
export const ANY_WORD = '';

/** Words a caption gives at most: a long text's later words add cost to every write and little to a vote. */
export const CAPTION_WORDS_MAX = 40;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const DIGITS_ONLY = /^[\p{N}\p{P}]+$/u;
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The words of a caption that say what it is about: its hashtags, mentions, cashtags and links
 * taken out, then Intl.Segmenter's word-like segments, lower-cased and NFC, without stop words
 * (stop-words.ts), numbers and one-letter words (one Han or kana character is a word), each once,
 * in first-seen order, at most `max`. No stemming: "beach" and "beaches" are two words.
 */
export function wordsOfCaption(
  text: string,
  options: { langs?: readonly string[]; max?: number } = {},
): string[] {
  const max = options.max ?? CAPTION_WORDS_MAX;
  const stopWords = stopWordsFor(options.langs);
  const words = new Set<string>();
  for (const piece of textWithoutEntities(text)) {
    for (const segment of segmenter.segment(piece)) {
      if (!segment.isWordLike) continue;
      const word = segment.segment.normalize('NFC').toLowerCase();
      if (!isContentWord(word, stopWords)) continue;
      words.add(word);
      if (words.size >= max) return [...words];
    }
  }
  return [...words];
}

function isContentWord(word: string, stopWords: ReadonlySet<string>): boolean {
  if (DIGITS_ONLY.test(word) || stopWords.has(word)) return false;
  // "can't" is a stop word only as "can" here: the list spells its contractions either way.
  if (stopWords.has(word.replace(/['’].*$/u, ''))) return false;
  return [...word].length > 1 || HAN_OR_KANA.test(word);
}

/** The caption's text between its entities (#tags, @mentions, $cashtags, links), so none of them is read as words. */
export function textWithoutEntities(text: string): string[] {
  const entities = twitter.extractEntitiesWithIndices(text);
  const pieces: string[] = [];
  let from = 0;
  for (const { indices } of entities.sort((a, b) => a.indices[0] - b.indices[0])) {
    pieces.push(text.slice(from, indices[0]));
    from = Math.max(from, indices[1]);
  }
  pieces.push(text.slice(from));
  // A '#' or '@' twitter-text did not take (a tag of emoji, "#" alone) still starts no word.
  return pieces.map((piece) => piece.replace(/[#＃@＠]\S*/gu, ' '));
}
