import { EMOJI_RUN_SOURCE } from './emoji-pattern.js';

const EMOJI_RUN = new RegExp(EMOJI_RUN_SOURCE, 'gu');

/**
 * The text without its emoji, including the joiners, variation selectors, skin tones and keycap
 * bases that made them up. A joiner not touching an emoji (as in Indic scripts) is kept.
 */
export function removeEmoji(text: string): string {
  return text.replace(EMOJI_RUN, '');
}
