import { createRequire } from 'node:module';
import { EMOJI_STOP_WORDS } from './words.js';

/** emojilib maps each emoji to its keywords, name first (`🍕`: pizza, food, party, italy...). */
const emojilib = createRequire(import.meta.url)('emojilib') as Record<string, string[]>;

const WORD = /^[a-z]{3,12}$/;

/**
 * A topic's emoji tags: the bare emoji (`🍕`) and its name glued to it (`pizza🍕`), both forms
 * people use. Emoji unknown to emojilib are kept bare.
 */
export function emojiTags(emojis: readonly string[]): string[] {
  const tags: string[] = [];
  for (const emoji of emojis) {
    tags.push(emoji);
    const name = emojilib[emoji]?.[0];
    if (name && WORD.test(name)) tags.push(`${name}${emoji}`);
  }
  return tags;
}

/**
 * Concrete English words for a topic from the keywords of its emoji (`✈️` gives airplane, flight,
 * fly): the raw material of fringe compounds like `flightlover`.
 */
export function emojiWords(emojis: readonly string[]): string[] {
  const words = new Set<string>();
  for (const emoji of emojis) {
    for (const keyword of emojilib[emoji] ?? []) {
      if (WORD.test(keyword) && !EMOJI_STOP_WORDS.has(keyword)) words.add(keyword);
    }
  }
  return [...words];
}
