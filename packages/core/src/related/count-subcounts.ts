/**
 * Subcount per tag across the item's posts: in how many posts each tag appears.
 * The item's own tag (self) is never counted; a tag repeated within one post counts once.
 */
export function countSubcounts(posts: Iterable<readonly string[]>, self?: string): Map<string, number> {
  const subcounts = new Map<string, number>();
  for (const post of posts) {
    for (const tag of new Set(post)) {
      if (tag === self) continue;
      subcounts.set(tag, (subcounts.get(tag) ?? 0) + 1);
    }
  }
  return subcounts;
}
