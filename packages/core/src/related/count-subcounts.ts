import { countTagPosts } from './count-tag-posts.js';

/**
 * Subcount per tag across the item's posts: in how many posts each tag appears.
 * The item's own tag (self) is never counted; a tag repeated within one post counts once.
 */
export function countSubcounts(posts: Iterable<readonly string[]>, self?: string): Map<string, number> {
  const counted = countTagPosts(Array.isArray(posts) ? posts : [...posts], { self });
  return new Map([...counted].map(([tag, { subcount }]) => [tag, subcount]));
}
