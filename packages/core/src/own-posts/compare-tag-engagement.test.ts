import { describe, expect, it } from 'vitest';
import { compareTagEngagement, type EngagedPost, median, weeklyMedians } from './compare-tag-engagement.js';

const post = (engagement: number, hashtags: string[], postedAt = 0, network = 'bluesky'): EngagedPost => ({
  network,
  postedAt,
  engagement,
  hashtags,
});

describe("a user's tags that work", () => {
  it('compares the median with a tag to the median without it, per network', () => {
    const posts = [
      ...[10, 12, 14, 30, 11].map((n) => post(n, ['art', 'sky'])),
      ...[2, 3, 4, 1, 5].map((n) => post(n, ['sky'])),
      post(100, ['art'], 0, 'mastodon'),
    ];
    const [art, sky, artOnMastodon] = compareTagEngagement(posts);
    expect(art).toEqual({
      hashtag: 'art',
      network: 'bluesky',
      posts: 5,
      medianWith: 12,
      medianWithout: 3,
      lift: 4,
      isTooFew: false,
    });
    // Every Bluesky post carries #sky: nothing to compare it with.
    expect(sky).toMatchObject({ hashtag: 'sky', posts: 10, isTooFew: true, medianWith: null, lift: null });
    expect(artOnMastodon).toMatchObject({ network: 'mastodon', posts: 1, isTooFew: true });
  });

  it('says too few below the minimum on either side', () => {
    const posts = [post(9, ['rare']), ...[1, 2, 3, 4, 5, 6].map((n) => post(n, []))];
    expect(compareTagEngagement(posts)[0]).toMatchObject({
      hashtag: 'rare',
      isTooFew: true,
      medianWith: null,
    });
    expect(compareTagEngagement(posts, 1)[0]).toMatchObject({
      medianWith: 9,
      medianWithout: 3.5,
      isTooFew: false,
    });
  });

  it('takes medians by week, Monday first', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const monday = Date.UTC(2024, 0, 1) / 1000;
    expect(
      weeklyMedians([
        post(1, [], monday + 86_400 * 6),
        post(5, [], monday),
        post(7, [], monday + 86_400 * 7),
      ]),
    ).toEqual([
      { week: '2024-01-01', posts: 2, median: 3 },
      { week: '2024-01-08', posts: 1, median: 7 },
    ]);
  });
});
