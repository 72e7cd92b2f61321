import { hashtagsOfPost, normalizeHashtag } from '@tagscout/core/hashtags';
import { LIMITS } from '@tagscout/core/limits';
import type { Network } from '@tagscout/core/networks';

/** Per network (its rules differ), each raw tag's normal form. */
const normalized = new Map<Network | undefined, Map<string, string | null>>();
const REMEMBERED_MAX = 500_000;

/**
 * The core rule hashtagsOfPost, with each raw tag's normalizeHashtag remembered: an import repeats
 * the same few hundred thousand tags millions of times, and normalising is most of the CPU an
 * ingest spends outside the database. Gives exactly what hashtagsOfPost gives (see its test).
 */
export function tagsOfPost(
  post: { hashtags?: readonly string[]; caption?: string },
  network?: Network,
): string[] | null {
  if (!post.hashtags?.length) return hashtagsOfPost(post, network);
  const remembered = rememberedOf(network);
  const tags = new Set<string>();
  for (const raw of post.hashtags) {
    const tag = rememberedNormalize(remembered, raw, network);
    if (tag !== null) tags.add(tag);
  }
  return tags.size >= LIMITS.minHashtagsPerPost ? [...tags] : null;
}

function rememberedOf(network: Network | undefined): Map<string, string | null> {
  let remembered = normalized.get(network);
  if (!remembered) {
    remembered = new Map();
    normalized.set(network, remembered);
  }
  return remembered;
}

function rememberedNormalize(
  remembered: Map<string, string | null>,
  raw: string,
  network: Network | undefined,
): string | null {
  let tag = remembered.get(raw);
  if (tag === undefined) {
    tag = normalizeHashtag(raw, network);
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    remembered.set(raw, tag);
  }
  return tag;
}
