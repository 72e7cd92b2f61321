import { EMOJI_MARKER } from './emoji-pattern.js';

/** Whether the text contains an emoji (pictograph, flag letter, skin tone or keycap). */
export function hasEmoji(text: string): boolean {
  return EMOJI_MARKER.test(text);
}
