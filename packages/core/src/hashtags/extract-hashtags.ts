import twitter from 'twitter-text';
import { EMOJI_CHAR_SOURCE, EMOJI_MARKER, KEYCAP_SOURCE } from './emoji-pattern.js';

// twitter-text stops a tag at its first emoji and skips tags that start with one, while the
// social network keeps "#🍕" and "#pizza🍕" whole. This finds such tokens so they can replace or
// complement twitter-text's matches. A '#' after a letter, digit, '_' or '&' starts no tag, as in
// twitter-text.
const TAG_CHAR = `(?:[\\p{L}\\p{M}\\p{N}_]|\\u{200D}|${KEYCAP_SOURCE}|${EMOJI_CHAR_SOURCE})`;
const EMOJI_TAG = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_&])[#\\uFF03](${TAG_CHAR}+)`, 'gu');

/**
 * The hashtags of a caption: lower-cased, NFC-normalised, unique, in first-seen order.
 * Tags containing emoji are kept whole.
 */
export function extractHashtags(caption: string): string[] {
  const byStart = new Map<number, string>();
  for (const { hashtag, indices } of twitter.extractHashtagsWithIndices(caption)) {
    byStart.set(indices[0], hashtag);
  }
  for (const { start, tag } of findEmojiTags(caption)) byStart.set(start, tag);

  const starts = [...byStart.keys()].sort((a, b) => a - b);
  const tags = new Set<string>();
  for (const start of starts) {
    const tag = byStart.get(start)!.normalize('NFC').toLowerCase();
    if (tag !== '') tags.add(tag);
  }
  return [...tags];
}

function findEmojiTags(caption: string): { start: number; tag: string }[] {
  if (!EMOJI_MARKER.test(caption)) return [];
  const urls = twitter.extractUrlsWithIndices(caption).map((url) => url.indices);
  const found: { start: number; tag: string }[] = [];
  for (const match of caption.matchAll(EMOJI_TAG)) {
    const tag = trimJoiners(match[1]!);
    if (!EMOJI_MARKER.test(tag)) continue;
    if (urls.some(([from, to]) => match.index >= from && match.index < to)) continue;
    found.push({ start: match.index, tag });
  }
  return found;
}

function trimJoiners(tag: string): string {
  return tag.replace(/^\u200D+|\u200D+$/gu, '');
}
