import { EMOJI_CHAR_SOURCE } from './emoji-pattern.js';

/**
 * Text as every network's tags are compared: NFKC, default-ignorable code points removed, one
 * joiner kept only between two emoji, lower-cased, 'İ' as 'i'. Emoji are left as they are: NFKC
 * would turn 'Ⓜ️' into 'm️' and lower-casing into 'ⓜ️'. No '#' is stripped and nothing is checked.
 */
export function foldTagText(text: string): string {
  const visible = removeStrayJoiners(removeIgnorables(outsideEmoji(text, toNfkc)));
  return outsideEmoji(visible, toLowerNfkc);
}

// Default-ignorable code points draw nothing, so they make a second "travel" that looks like the
// first (U+E0061, a TAG letter, among them). Kept: U+FE0F after an emoji or a keycap's digit, '#' or
// '*'; a subdivision flag's TAG letters and their U+E007F end (Scotland's flag); U+200D, which
// removeStrayJoiners keeps between emoji.
const IGNORABLE = /(?!\u{200D})\p{Default_Ignorable_Code_Point}/u;
const IGNORABLE_OUTSIDE_EMOJI = new RegExp(
  `(\\p{Extended_Pictographic}\\u{FE0F}?(?:[\\u{E0020}-\\u{E007E}]+\\u{E007F})?|[0-9#*]\\u{FE0F}(?=\\u{20E3}))|${IGNORABLE.source}`,
  'gu',
);
const STRAY_JOINER = new RegExp(`(?<!${EMOJI_CHAR_SOURCE})\\u{200D}|\\u{200D}(?!${EMOJI_CHAR_SOURCE})`, 'gu');
const JOINER = '\u200D';
const EMOJI = /\p{Extended_Pictographic}/u;
const EMOJI_RUNS = /(\p{Extended_Pictographic}+)/u;
// JavaScript lower-cases 'İ' (U+0130) to 'i' and U+0307, a dot no one sees on an 'i'.
const DOTTED_I = /i\u0307/gu;
const DOT_ABOVE = '\u0307';

function removeIgnorables(text: string): string {
  if (!IGNORABLE.test(text)) return text;
  return text.replace(IGNORABLE_OUTSIDE_EMOJI, (_match, kept: string | undefined) => kept ?? '');
}

function removeStrayJoiners(text: string): string {
  return text.includes(JOINER) ? text.replace(STRAY_JOINER, '') : text;
}

/** `change` applied to the text between emoji (split keeps the emoji runs at odd places). */
function outsideEmoji(text: string, change: (part: string) => string): string {
  if (!EMOJI.test(text)) return change(text);
  return text
    .split(EMOJI_RUNS)
    .map((part, index) => (index % 2 === 0 ? change(part) : part))
    .join('');
}

function toNfkc(text: string): string {
  return text.normalize('NFKC');
}

// Lower-casing can leave text that NFKC would write otherwise ('ǅ' -> 'ǆ' -> 'dž').
function toLowerNfkc(text: string): string {
  const lower = text.toLowerCase();
  return (lower.includes(DOT_ABOVE) ? lower.replace(DOTTED_I, 'i') : lower).normalize('NFKC');
}
