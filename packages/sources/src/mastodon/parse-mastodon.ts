import { INGEST_LIMITS, type IngestHashtag, type IngestPost } from '@tagscout/core/api';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import { Network } from '@tagscout/core/networks';
import { cleanTags } from '../source/ingest-shape.js';

/** A Tag entity: history is up to 7 days, today first, with numbers as strings. */
export interface MastodonTag {
  name: string;
  history: { day: string; uses: string; accounts: string }[];
}

export interface MastodonStatus {
  id: string;
  created_at: string;
  content: string;
  account: { id: string; username: string; acct?: string };
  tags: { name: string }[];
  reblog: unknown;
}

/** Post and owner ids of this network are prefixed, so they never collide with another network's. */
export const MASTODON_ID_PREFIX = 'mastodon:';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isMastodonTag(value: unknown): value is MastodonTag {
  return isRecord(value) && typeof value.name === 'string' && Array.isArray(value.history);
}

export function isMastodonStatus(value: unknown): value is MastodonStatus {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.created_at === 'string' &&
    typeof value.content === 'string' &&
    isRecord(value.account) &&
    typeof value.account.id === 'string' &&
    Array.isArray(value.tags)
  );
}

/**
 * A tag's count: the posts of its last 7 days (the usage history). Mastodon keeps no all-time total,
 * so this is the one count it gives, and what the store shows for tags from this source.
 */
export function countOfTag(tag: MastodonTag): number {
  let total = 0;
  for (const day of tag.history) {
    const uses = Number(isRecord(day) ? day.uses : Number.NaN);
    if (Number.isInteger(uses) && uses > 0) total += uses;
  }
  return Math.min(total, INGEST_LIMITS.maxCount);
}

/**
 * Mastodon names a tag as it was first written ("SourDough", "Café"); the store keys it as Mastodon
 * matches it: lower-cased, accents folded.
 */
export function toIngestHashtag(tag: MastodonTag): IngestHashtag {
  return { hashtag: normalizeHashtag(tag.name, Network.mastodon) ?? tag.name, count: countOfTag(tag) };
}

// Mastodon's hashtag grammar, in JavaScript's Unicode classes: a word character is a letter, mark,
// decimal digit or connector ('_'), a letter is a letter or mark. Its separators ('_', '·', '・',
// U+200C) may sit inside a name, which starts and ends with a word character; a name without
// separators needs one letter. A '#' (or '＃') starts a tag only at the start or after a space.
const WORD = '\\p{L}\\p{M}\\p{Nd}\\p{Pc}';
const ALPHA = '\\p{L}\\p{M}';
const SEPARATORS = '_\\u{00B7}\\u{30FB}\\u{200C}';
const WITH_SEPARATORS = `[${WORD}][${WORD}${SEPARATORS}]*[${ALPHA}${SEPARATORS}][${WORD}${SEPARATORS}]*[${WORD}]`;
const PLAIN = `[${WORD}]*[${ALPHA}][${WORD}]*`;
const MASTODON_HASHTAG = new RegExp(`(?<=^|\\s)[#\\uFF03](${WITH_SEPARATORS}|${PLAIN})`, 'gu');

/** The hashtags Mastodon itself would find in a status's text, as written. */
export function mastodonHashtags(text: string): string[] {
  return [...text.matchAll(MASTODON_HASHTAG)].map((match) => match[1]!);
}

/**
 * A status as a post of the store: its tags from the `tags` list and from the text (markup stripped,
 * entities decoded, read with Mastodon's own grammar so '#foo·bar' stays one tag), epoch seconds, and
 * prefixed ids. A content warning hides the text from readers, not its tags, so such posts count.
 * Boosts are someone else's post, so they are left out.
 */
export function toIngestPost(status: MastodonStatus): IngestPost | undefined {
  if (status.reblog) return undefined;
  const timestamp = Math.floor(Date.parse(status.created_at) / 1000);
  if (!Number.isFinite(timestamp)) return undefined;
  const text = textOfHtml(status.content);
  const listed = status.tags.map((tag) => (isRecord(tag) && typeof tag.name === 'string' ? tag.name : ''));
  const hashtags = cleanTags([...listed, ...mastodonHashtags(decodeEntities(text))], Network.mastodon);
  if (hashtags.length === 0) return undefined;
  return {
    post_id: `${MASTODON_ID_PREFIX}${status.id}`,
    owner: `${MASTODON_ID_PREFIX}${status.account.id}`,
    timestamp,
    hashtags,
    caption: decodeEntities(text).trim().slice(0, INGEST_LIMITS.captionChars),
  };
}

/** The max_id of the Link header's rel="next", if there is a next page. */
export function nextMaxId(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = part.match(/<([^>]+)>\s*;\s*rel="?next"?/);
    if (!match) continue;
    try {
      return new URL(match[1]!).searchParams.get('max_id') ?? undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The words of a status's HTML: paragraphs and line breaks become spaces, other tags vanish. */
function textOfHtml(content: string): string {
  return content.replace(/<(br|\/?p)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, '');
}

const NAMED_ENTITIES: Record<string, string> = {
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  amp: '&',
  nbsp: ' ',
};

/** HTML entities as Mastodon writes them (`&amp;`, `&#39;`, `&#x27;`, `&nbsp;`), decoded in one pass. */
function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (entity, code: string) => {
    if (code.startsWith('#')) {
      const point =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
  });
}
