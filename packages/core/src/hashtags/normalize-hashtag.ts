import { LIMITS } from '../limits/index.js';
import { Network } from '../networks/index.js';
import { EMOJI_CHAR_SOURCE } from './emoji-pattern.js';
import { foldMastodonAccents } from './fold-mastodon-accents.js';
import { foldTagText } from './fold-tag-text.js';

/** The rules for a list that holds tags of every network (collections, the banned tags, trends asked by name). */
export const ANY_NETWORK = 'any';
export type AnyNetwork = typeof ANY_NETWORK;

/**
 * A hashtag arriving as data, in the canonical form of its network (docs/decisions/024): folded
 * (foldTagText: NFKC outside emoji, invisible characters removed, lower-cased), one leading '#'
 * removed, then
 * - Instagram, the sample and imports (also without a network): 1 to 100 letters, marks, numbers,
 *   '_' or emoji, and Mastodon's '·' or '・' inside;
 * - Mastodon: the same, with its accents folded ('café' is 'cafe');
 * - Bluesky: as its composer makes them: trailing punctuation trimmed, inner punctuation and
 *   symbols kept ('k-pop', 'web3.0'), something other than digits and punctuation, at most 64
 *   graphemes (and 100 code points);
 * - ANY_NETWORK: Instagram's form when the tag has one, else Bluesky's.
 * Null when the tag is none of these.
 */
export function normalizeHashtag(raw: string, network?: Network | AnyNetwork): string | null {
  // Most tags are plain ASCII, which the steps below would only lower-case and strip a '#' from;
  // counts for 100 names and the Bluesky stream spend most of their time on those steps.
  if (network === Network.bluesky ? PLAIN_BLUESKY.test(raw) : PLAIN.test(raw)) {
    return (raw.charCodeAt(0) === HASH ? raw.slice(1) : raw).toLowerCase();
  }
  const tag = stripHash(foldTagText(raw));
  if (tag === null) return null;
  switch (network) {
    case Network.bluesky:
      return blueskyTag(tag);
    case Network.mastodon:
      return instagramTag(foldMastodonAccents(tag));
    case ANY_NETWORK:
      return instagramTag(tag) ?? blueskyTag(tag);
    default:
      return instagramTag(tag);
  }
}

const PLAIN = new RegExp(`^#?[A-Za-z0-9_]{1,${LIMITS.hashtagMaxChars}}$`);
// Plain names Bluesky takes as they are: a letter, at most 64 characters, no '_' at the end (others,
// such as 'foo_' or '2024', take the steps below).
const PLAIN_BLUESKY = /^#?(?=[0-9_]*[A-Za-z])[A-Za-z0-9_]{0,63}[A-Za-z0-9]$/;
const HASH = 0x23;

/** The tag without its one leading '#'; null when that '#' was a keycap's (#️⃣). */
function stripHash(folded: string): string | null {
  const tag = folded.startsWith('#') ? folded.slice(1) : folded;
  return /^[\u{FE0F}\u{20E3}]/u.test(tag) ? null : tag;
}

// Mastodon's separators '·' (U+00B7) and '・' (U+30FB) belong to a tag, between its other characters
// (as in #foo·bar); a tag never starts or ends with one.
const SEPARATORS = '\\u{00B7}\\u{30FB}';
const VALID = new RegExp(`^(?:[\\p{L}\\p{M}\\p{N}_\\u{200D}${SEPARATORS}]|${EMOJI_CHAR_SOURCE})+$`, 'u');
const EDGE_SEPARATOR = new RegExp(`^[${SEPARATORS}]|[${SEPARATORS}]$`, 'u');
// Marks, selectors and joiners alone ("#️⃣" minus its '#') are no tag.
const BASE = /[\p{L}\p{N}_\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]/u;

function instagramTag(tag: string): string | null {
  if (!VALID.test(tag) || !BASE.test(tag) || EDGE_SEPARATOR.test(tag)) return null;
  return codePointCount(tag) <= LIMITS.hashtagMaxChars ? tag : null;
}

// Bluesky's composer (atproto's rich-text detection) ends a tag at a space, trims the punctuation at
// its end and wants one character that is not a digit or punctuation; its lexicon allows 64 graphemes.
const TRAILING_PUNCTUATION = /\p{P}+$/u;
const VALID_BLUESKY = /^(?:[^\s\p{C}]|[\u{200D}\u{E0020}-\u{E007F}])+$/u;
const BASE_BLUESKY = /[^0-9\s\p{P}\p{M}\p{C}]|[0-9]\u{FE0F}?\u{20E3}/u;
const BLUESKY_MAX_GRAPHEMES = 64;

function blueskyTag(folded: string): string | null {
  const tag = folded.replace(TRAILING_PUNCTUATION, '');
  if (tag === '' || tag.startsWith('#') || !VALID_BLUESKY.test(tag) || !BASE_BLUESKY.test(tag)) return null;
  // UTF-16 units are never fewer than graphemes, so short tags need no counting.
  if (tag.length <= BLUESKY_MAX_GRAPHEMES) return tag;
  return codePointCount(tag) <= LIMITS.hashtagMaxChars && graphemeCount(tag) <= BLUESKY_MAX_GRAPHEMES
    ? tag
    : null;
}

function codePointCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter() : undefined;

// Code points where Intl.Segmenter is missing (Firefox before 125): a stricter count, never a looser one.
function graphemeCount(text: string): number {
  if (!segmenter) return codePointCount(text);
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}
