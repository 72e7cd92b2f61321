/**
 * Which of a user's own tags work (issue 34 §2): for each tag, the median engagement of their posts
 * with it against the median of their posts without it, on the same network. Below a minimum of
 * posts on either side the answer is "too few posts to tell", never a number that looks meaningful.
 */

/** A post of the user's with its engagement (likes + reposts + replies + quotes). */
export interface EngagedPost {
  network: string;
  /** Epoch seconds. */
  postedAt: number;
  engagement: number;
  hashtags: readonly string[];
}

export interface TagEngagement {
  hashtag: string;
  network: string;
  /** The user's posts with the tag (those with engagement read). */
  posts: number;
  /** Median engagement of those posts; null with too few. */
  medianWith: number | null;
  /** Median engagement of the user's other posts on that network; null with too few. */
  medianWithout: number | null;
  /** medianWith / medianWithout (null when either is null or the median without is 0). */
  lift: number | null;
  isTooFew: boolean;
}

/** Posts on each side a comparison needs before it says anything. */
export const MIN_POSTS_TO_TELL = 5;

export function compareTagEngagement(
  posts: readonly EngagedPost[],
  minPosts: number = MIN_POSTS_TO_TELL,
): TagEngagement[] {
  const byNetwork = new Map<string, EngagedPost[]>();
  for (const post of posts) byNetwork.set(post.network, [...(byNetwork.get(post.network) ?? []), post]);
  const result: TagEngagement[] = [];
  for (const [network, networkPosts] of byNetwork) {
    const tags = new Set(networkPosts.flatMap((post) => post.hashtags));
    for (const hashtag of tags) {
      const withTag = networkPosts.filter((post) => post.hashtags.includes(hashtag)).map((p) => p.engagement);
      const without = networkPosts
        .filter((post) => !post.hashtags.includes(hashtag))
        .map((p) => p.engagement);
      const isTooFew = withTag.length < minPosts || without.length < minPosts;
      const medianWith = isTooFew ? null : median(withTag);
      const medianWithout = isTooFew ? null : median(without);
      result.push({
        hashtag,
        network,
        posts: withTag.length,
        medianWith,
        medianWithout,
        lift: medianWith !== null && medianWithout ? medianWith / medianWithout : null,
        isTooFew,
      });
    }
  }
  return result.sort(
    (a, b) =>
      Number(a.isTooFew) - Number(b.isTooFew) ||
      (b.lift ?? -1) - (a.lift ?? -1) ||
      b.posts - a.posts ||
      a.hashtag.localeCompare(b.hashtag),
  );
}

/** Weekly medians (weeks start on Monday, UTC) of the posts given, oldest first. */
export function weeklyMedians(
  posts: readonly EngagedPost[],
): { week: string; posts: number; median: number }[] {
  const byWeek = new Map<number, number[]>();
  for (const post of posts) {
    const day = Math.floor(post.postedAt / 86_400);
    // 1970-01-01 was a Thursday: day + 3 counts from a Monday.
    const monday = day - ((day + 3) % 7);
    byWeek.set(monday, [...(byWeek.get(monday) ?? []), post.engagement]);
  }
  return [...byWeek.entries()]
    .sort(([a], [b]) => a - b)
    .map(([monday, values]) => ({
      week: new Date(monday * 86_400_000).toISOString().slice(0, 10),
      posts: values.length,
      median: median(values),
    }));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
