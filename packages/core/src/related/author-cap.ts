/** A post of an item's window, newest first, with who wrote it. */
export interface AuthoredPost<T> {
  /** Who the post counts as: its author on the network, or the account that sent a crowd post. */
  author: string;
  value: T;
}

/**
 * Keeps at most `perAuthor` posts of each author, newest first, across every call: the related
 * window reads posts in pages, and an author's quota lasts for the whole window (decision 025).
 */
export function createAuthorCap(perAuthor: number) {
  const taken = new Map<string, number>();
  return function keep<T>(posts: readonly AuthoredPost<T>[], room: number): AuthoredPost<T>[] {
    const kept: AuthoredPost<T>[] = [];
    for (const post of posts) {
      if (kept.length >= room) break;
      const count = taken.get(post.author) ?? 0;
      if (count >= perAuthor) continue;
      taken.set(post.author, count + 1);
      kept.push(post);
    }
    return kept;
  };
}
