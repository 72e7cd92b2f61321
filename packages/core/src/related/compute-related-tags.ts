import { countAuthors } from './author-cap.js';
import { countSubcounts } from './count-subcounts.js';
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

/** Related tags of an item from its posts: countSubcounts then rankRelatedTags. */
export function computeRelatedTags(input: ComputeRelatedTagsInput): RelatedTag[] {
  const { self, posts, authors, ...rest } = input;
  return rankRelatedTags({
    ...rest,
    subcounts: countSubcounts(posts, self),
    authors: countAuthors(posts, authors, self),
  });
}
