import { countSubcounts } from './count-subcounts.js';
import { type RankRelatedTagsInput, rankRelatedTags } from './rank-related-tags.js';
import type { RelatedTag } from './related-tag.js';

export interface ComputeRelatedTagsInput extends Omit<RankRelatedTagsInput, 'subcounts'> {
  /** The item's own tag, never related to itself. */
  self?: string;
  /** Each post's unique tags. */
  posts: Iterable<readonly string[]>;
}

/** Related tags of an item from its posts: countSubcounts then rankRelatedTags. */
export function computeRelatedTags(input: ComputeRelatedTagsInput): RelatedTag[] {
  const { self, posts, ...rest } = input;
  return rankRelatedTags({ ...rest, subcounts: countSubcounts(posts, self) });
}
