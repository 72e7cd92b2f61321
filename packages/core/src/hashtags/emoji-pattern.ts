// Internal building blocks shared by the emoji helpers and the hashtag parsers.
// \p{Emoji} is not used because it includes the digits, '#' and '*'.

/** One character that only ever appears as (part of) an emoji. */
export const EMOJI_CHAR_SOURCE =
  '[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\p{Emoji_Modifier}\\u{FE0F}\\u{20E3}\\u{E0020}-\\u{E007F}]';

/** A keycap: a digit, '#' or '*' turned into an emoji by U+20E3. */
export const KEYCAP_SOURCE = '[0-9#*]\\u{FE0F}?\\u{20E3}';

/** A character that makes text contain an emoji (selectors and joiners alone do not). */
export const EMOJI_MARKER = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]|\u{20E3}/u;

/** A run of emoji, including the joiners (U+200D) between and around them. */
export const EMOJI_RUN_SOURCE = `(?:\\u{200D}*(?:${KEYCAP_SOURCE}|${EMOJI_CHAR_SOURCE}))+\\u{200D}*`;
