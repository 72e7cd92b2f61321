import { countTagPosts, type TagPosts } from './count-tag-posts.js';
import { type RankRelatedTagsInput, rankRelatedTags } from './rank-related-tags.js';
import type { RelatedTag } from './related-tag.js';

export interface ComputeRelatedTagsInput extends Omit<RankRelatedTagsInput, 'subcounts' | 'authors'> {
  /** The item's own tag, never related to itself. */
  self?: string;
  /** Each post's unique tags. */
  posts: readonly (readonly string[])[];
  /** Who wrote each post (`authors[i]` wrote `posts[i]`); when absent, each post is its own author. */
  authors?: readonly string[];
}

/** Related tags of an item from its posts: countTagPosts then rankRelatedTags. */
export function computeRelatedTags(input: ComputeRelatedTagsInput): RelatedTag[] {
  const { self, posts, authors, ...rest } = input;
  return rankCounted(countTagPosts(posts, { authors, self }), rest);
}

/** rankRelatedTags of tags counted by countTagPosts (by name). */
export function rankCounted(
  counted: ReadonlyMap<string, TagPosts>,
  input: Omit<RankRelatedTagsInput, 'subcounts' | 'authors'>,
): RelatedTag[] {
  const subcounts = new Map<string, number>();
  const authors = new Map<string, number>();
  for (const [tag, tagPosts] of counted) {
    subcounts.set(tag, tagPosts.subcount);
    authors.set(tag, tagPosts.authors);
  }
  return rankRelatedTags({ ...input, subcounts, authors });
}
