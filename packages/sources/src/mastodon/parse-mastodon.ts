import { INGEST_LIMITS, type IngestHashtag, type IngestPost } from '@tagscout/core/api';
import { extractHashtags } from '@tagscout/core/hashtags';
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

export function toIngestHashtag(tag: MastodonTag): IngestHashtag {
  return { hashtag: tag.name, count: countOfTag(tag) };
}

/**
 * A status as a post of the store: its tags from the `tags` list and from the text (links stripped),
 * epoch seconds, and prefixed ids. Boosts are someone else's post, so they are left out.
 */
export function toIngestPost(status: MastodonStatus): IngestPost | undefined {
  if (status.reblog) return undefined;
  const timestamp = Math.floor(Date.parse(status.created_at) / 1000);
  if (!Number.isFinite(timestamp)) return undefined;
  const text = textOfHtml(status.content);
  const listed = status.tags.map((tag) => (isRecord(tag) && typeof tag.name === 'string' ? tag.name : ''));
  const hashtags = cleanTags([...listed, ...extractHashtags(decodeEntities(text))]);
  if (hashtags.length === 0) return undefined;
  return {
    post_id: `${MASTODON_ID_PREFIX}${status.id}`,
    owner: `${MASTODON_ID_PREFIX}${status.account.id}`,
    timestamp,
    hashtags,
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

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
