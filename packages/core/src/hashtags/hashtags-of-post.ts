import { LIMITS } from '../limits/index.js';
import type { Network } from '../networks/index.js';
import { extractHashtags } from './extract-hashtags.js';
import { normalizeHashtag } from './normalize-hashtag.js';

/**
 * A post's unique tags, or null when fewer than two remain (such posts are dropped).
 * A non-empty `hashtags` list wins over the caption; caption tags are normalised the same way so
 * both sources yield one canonical form, that of the post's network (Instagram's without one).
 */
export function hashtagsOfPost(
  post: { hashtags?: readonly string[]; caption?: string },
  network?: Network,
): string[] | null {
  const raw = post.hashtags?.length ? post.hashtags : extractHashtags(post.caption ?? '');
  const tags = new Set<string>();
  for (const candidate of raw) {
    const tag = normalizeHashtag(candidate, network);
    if (tag !== null) tags.add(tag);
  }
  return tags.size >= LIMITS.minHashtagsPerPost ? [...tags] : null;
}
