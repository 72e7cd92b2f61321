import { MemoryBlockstore, Repo, readCarWithRoot } from '@atproto/repo';
import { ArchiveErrorCode } from '@tagscout/core/api';
import { type ArchivePost, secondsOf, tagsOfNetwork, unreadableArchive } from './archive-post.js';

/**
 * A Bluesky account's repository as com.atproto.sync.getRepo sends it: a CAR file whose root is the
 * signed commit, read with @atproto/repo (Bluesky's own library). The user's posts are its
 * app.bsky.feed.post records; tags are the text's tag facets (app.bsky.richtext.facet#tag) and the
 * record's `tags`. Likes, reposts and the rest are other collections.
 */
export const BLUESKY_EXPECTED =
  'Expected a Bluesky repository CAR file (Settings, Export my data, or com.atproto.sync.getRepo).';

const POSTS = 'app.bsky.feed.post';

export async function readBlueskyRepo(car: Uint8Array): Promise<ArchivePost[]> {
  let repo: Repo;
  try {
    const { root, blocks } = await readCarWithRoot(car);
    repo = await Repo.load(new MemoryBlockstore(blocks), root);
  } catch {
    throw unreadableArchive(ArchiveErrorCode.blueskyDamaged, BLUESKY_EXPECTED);
  }
  const posts: ArchivePost[] = [];
  try {
    for await (const entry of repo.walkRecords()) {
      if (entry.collection !== POSTS) continue;
      const record = entry.record as { createdAt?: unknown; facets?: unknown; tags?: unknown };
      const postedAt = secondsOf(record.createdAt);
      if (postedAt === null) continue;
      posts.push({
        postId: `at://${repo.did}/${POSTS}/${entry.rkey}`,
        postedAt,
        hashtags: tagsOfNetwork([...facetTags(record.facets), ...stringsOf(record.tags)], 'bluesky'),
      });
    }
  } catch {
    throw unreadableArchive(
      ArchiveErrorCode.blueskyDamaged,
      `${BLUESKY_EXPECTED} Some of its records are missing or damaged.`,
    );
  }
  return posts;
}

/** The tags of a post record's tag facets (app.bsky.richtext.facet#tag). */
export function facetTags(facets: unknown): string[] {
  if (!Array.isArray(facets)) return [];
  return facets.flatMap((facet) => {
    const features = (facet as { features?: unknown })?.features;
    if (!Array.isArray(features)) return [];
    return features
      .filter(
        (feature) => feature?.$type === 'app.bsky.richtext.facet#tag' && typeof feature.tag === 'string',
      )
      .map((feature) => feature.tag as string);
  });
}

/** The strings of a record field that should be a list of them (a post's `tags`). */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
