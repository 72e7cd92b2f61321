import { LIMITS } from '../limits/index.js';
import { extractHashtags } from './extract-hashtags.js';
import { normalizeHashtag } from './normalize-hashtag.js';

/**
 * A post's unique tags, or null when fewer than two remain (such posts are dropped).
 * A non-empty `hashtags` list wins over the caption; caption tags are normalised the same way so
 * both sources yield one canonical form.
 */
export function hashtagsOfPost(post: { hashtags?: readonly string[]; caption?: string }): string[] | null {
  const raw = post.hashtags?.length ? post.hashtags : extractHashtags(post.caption ?? '');
  const tags = new Set<string>();
  for (const candidate of raw) {
    const tag = normalizeHashtag(candidate);
    if (tag !== null) tags.add(tag);
  }
  return tags.size >= LIMITS.minHashtagsPerPost ? [...tags] : null;
}
