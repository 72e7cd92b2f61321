/** A post of an item's window, newest first: who sent it, when the crowd did. */
export interface WindowPost<T> {
  /** The account that reported it; null when it came from a trusted source (an import, the server). */
  submittedBy: string | null;
  value: T;
}

/**
 * An item's related window, newest first, with each crowd submitter's posts beyond `perSubmitter`
 * left out, so one account can never make more than that share of the window. At most `window`
 * posts are kept.
 */
export function capSubmitterShare<T>(
  posts: readonly WindowPost<T>[],
  options: { window: number; perSubmitter: number },
): T[] {
  const taken = new Map<string, number>();
  const kept: T[] = [];
  for (const post of posts) {
    if (kept.length === options.window) break;
    if (post.submittedBy !== null) {
      const count = taken.get(post.submittedBy) ?? 0;
      if (count >= options.perSubmitter) continue;
      taken.set(post.submittedBy, count + 1);
    }
    kept.push(post.value);
  }
  return kept;
}

/** Posts one submitter may hold in a window of this size: `share` of it, at least one. */
export function postsPerSubmitter(window: number, share: number): number {
  return Math.max(1, Math.floor(window * share));
}
