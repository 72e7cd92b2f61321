import { LIMITS } from '../limits/index.js';
import { EMOJI_CHAR_SOURCE } from './emoji-pattern.js';

// Invisible characters that make equal-looking tags differ. U+200D (zero-width joiner) is kept
// only between two emoji, where it builds one emoji (👨‍👩‍👧); everywhere else it is stripped.
const INVISIBLE = /[\u200B\u200C\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/gu;
const STRAY_JOINER = new RegExp(`(?<!${EMOJI_CHAR_SOURCE})\\u{200D}|\\u{200D}(?!${EMOJI_CHAR_SOURCE})`, 'gu');
// Mastodon's separators '·' (U+00B7) and '・' (U+30FB) belong to a tag, between its other characters
// (as in #foo·bar); a tag never starts or ends with one.
const SEPARATORS = '\\u{00B7}\\u{30FB}';
const VALID = new RegExp(`^(?:[\\p{L}\\p{M}\\p{N}_\\u{200D}${SEPARATORS}]|${EMOJI_CHAR_SOURCE})+$`, 'u');
const EDGE_SEPARATOR = new RegExp(`^[${SEPARATORS}]|[${SEPARATORS}]$`, 'u');
// Marks, selectors and joiners alone ("#️⃣" minus its '#') are no tag.
const BASE = /[\p{L}\p{N}_\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]/u;

/**
 * A hashtag arriving as data, in canonical form: NFKC, invisible characters stripped, one leading
 * '#' removed, lower-cased. Null unless it is 1 to 100 letters, marks, numbers, '_' or emoji (and
 * Mastodon's '·' or '・' inside).
 */
export function normalizeHashtag(raw: string): string | null {
  // Most tags are plain ASCII, which the steps below would only lower-case and strip a '#' from;
  // counts for 100 names spent most of their time on those steps.
  if (PLAIN.test(raw)) return (raw.charCodeAt(0) === HASH ? raw.slice(1) : raw).toLowerCase();
  return normalizeAnyHashtag(raw);
}

const PLAIN = new RegExp(`^#?[A-Za-z0-9_]{1,${LIMITS.hashtagMaxChars}}$`);
const HASH = 0x23;

function normalizeAnyHashtag(raw: string): string | null {
  const visible = raw.normalize('NFKC').replace(INVISIBLE, '').replace(STRAY_JOINER, '');
  const tag = (visible.startsWith('#') ? visible.slice(1) : visible).toLowerCase().normalize('NFKC');
  if (!VALID.test(tag) || !BASE.test(tag) || EDGE_SEPARATOR.test(tag)) return null;
  const length = [...tag].length;
  return length <= LIMITS.hashtagMaxChars ? tag : null;
}
