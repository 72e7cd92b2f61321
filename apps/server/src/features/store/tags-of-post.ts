import { hashtagsOfPost, normalizeHashtag } from '@tagscout/core/hashtags';
import { LIMITS } from '@tagscout/core/limits';

const normalized = new Map<string, string | null>();
const REMEMBERED_MAX = 500_000;

/**
 * The core rule hashtagsOfPost, with each raw tag's normalizeHashtag remembered: an import repeats
 * the same few hundred thousand tags millions of times, and normalising is most of the CPU an
 * ingest spends outside the database. Gives exactly what hashtagsOfPost gives (see its test).
 */
export function tagsOfPost(post: { hashtags?: readonly string[]; caption?: string }): string[] | null {
  if (!post.hashtags?.length) return hashtagsOfPost(post);
  const tags = new Set<string>();
  for (const raw of post.hashtags) {
    const tag = rememberedNormalize(raw);
    if (tag !== null) tags.add(tag);
  }
  return tags.size >= LIMITS.minHashtagsPerPost ? [...tags] : null;
}

function rememberedNormalize(raw: string): string | null {
  let tag = normalized.get(raw);
  if (tag === undefined) {
    tag = normalizeHashtag(raw);
    if (normalized.size >= REMEMBERED_MAX) normalized.clear();
    normalized.set(raw, tag);
  }
  return tag;
}
