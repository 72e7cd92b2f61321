import { beforeAll, describe, expect, it } from 'vitest';
import { type CorpusOptions, generateCorpus, type SampleCorpus } from './generate-corpus.js';

const NOW = Date.UTC(2026, 0, 15, 12);
const DAY = 86_400;
const SMALL: CorpusOptions = { posts: 3_000, hashtags: 4_000, places: 120, profiles: 400, now: NOW };

describe('generateCorpus at the default sizes', () => {
  let corpus: SampleCorpus;
  let stats: CorpusStats;

  beforeAll(() => {
    corpus = generateCorpus({ now: NOW });
    stats = collectStats(corpus);
  }, 60_000);

  it('has 200,000 posts, 2,000 places, 10,000 profiles and at least 50,000 distinct tags', () => {
    expect(stats.posts).toBe(200_000);
    expect(corpus.places).toHaveLength(2_000);
    expect(corpus.profiles).toHaveLength(10_000);
    expect(stats.uses.size).toBeGreaterThanOrEqual(50_000);
  });

  it('gives every post 2 to 30 valid, unique tags', () => {
    expect(stats.invalidPosts).toEqual([]);
  });

  it('links every post to a known profile and, for about half of them, a known place', () => {
    expect(stats.unknownOwners).toBe(0);
    expect(stats.unknownPlaces).toBe(0);
    expect(stats.postsWithPlace / stats.posts).toBeGreaterThan(0.4);
    expect(stats.postsWithPlace / stats.posts).toBeLessThan(0.6);
  });

  it('dates every post within the 90 days before now', () => {
    expect(stats.earliest).toBeGreaterThanOrEqual(NOW / 1000 - 90 * DAY);
    expect(stats.latest).toBeLessThanOrEqual(NOW / 1000);
  });

  it('lists exactly the tags the posts use, once each, with a count', () => {
    const listed = new Set(corpus.hashtags.map((h) => h.hashtag));
    expect(listed.size).toBe(corpus.hashtags.length);
    expect([...stats.uses.keys()].filter((tag) => !listed.has(tag))).toEqual([]);
    expect(corpus.hashtags.filter((h) => !stats.uses.has(h.hashtag))).toEqual([]);
    expect(corpus.hashtags.every((h) => Number.isInteger(h.count) && h.count > 0)).toBe(true);
  });

  it('uses the tags the README suggests, each with many co-occurring tags', () => {
    for (const tag of ['travel', 'food', 'fitness', 'love', 'photography', 'nature', 'beach', 'coffee']) {
      expect(stats.uses.get(tag), tag).toBeGreaterThan(1_000);
    }
  });

  it('clusters tags by topic: travel posts carry wanderlust far more often than vegan', () => {
    expect(stats.travelWith.wanderlust).toBeGreaterThan(10 * Math.max(1, stats.travelWith.vegan));
    expect(stats.travelWith.wanderlust / stats.travelPosts).toBeGreaterThan(0.1);
  });

  it('has a long tail: the top 1% of tags take a large share of uses', () => {
    const counts = [...stats.uses.values()].sort((a, b) => b - a);
    const total = counts.reduce((sum, n) => sum + n, 0);
    const top = counts.slice(0, Math.ceil(counts.length / 100)).reduce((sum, n) => sum + n, 0);
    expect(top / total).toBeGreaterThan(0.3);
  });

  it('gives the most used tags network counts in the hundreds of millions and the tail far less', () => {
    const byCount = corpus.hashtags.map((h) => h.count).sort((a, b) => b - a);
    expect(byCount[0]).toBeGreaterThan(100_000_000);
    expect(byCount[Math.floor(byCount.length / 2)]).toBeLessThan(100_000);
    const count = new Map(corpus.hashtags.map((h) => [h.hashtag, h.count]));
    expect(count.get('love')!).toBeGreaterThan(count.get('wanderlust')!);
  });

  it('gives profiles unique handles in the network alphabet and plausible numbers', () => {
    const usernames = new Set(corpus.profiles.map((p) => p.username));
    expect(usernames.size).toBe(corpus.profiles.length);
    expect(new Set(corpus.profiles.map((p) => p.profile_id)).size).toBe(corpus.profiles.length);
    const odd = corpus.profiles.filter(
      (p) =>
        !/^[a-z0-9._]{3,30}$/.test(p.username) ||
        p.followers < 10 ||
        p.followers > 5_000_000 ||
        p.post_count < (stats.postsByOwner.get(p.profile_id) ?? 0) ||
        (p.business_category_name !== null) !== p.is_business_account,
    );
    expect(odd).toEqual([]);
    expect(corpus.profiles.some((p) => p.is_verified)).toBe(true);
    expect(corpus.profiles.some((p) => p.is_private)).toBe(true);
  });
});

describe('generateCorpus determinism', () => {
  it('gives identical output for identical options, and posts() repeats itself', () => {
    const first = generateCorpus(SMALL);
    const second = generateCorpus(SMALL);
    expect(second.hashtags).toEqual(first.hashtags);
    expect(second.places).toEqual(first.places);
    expect(second.profiles).toEqual(first.profiles);
    const posts = [...first.posts()];
    expect([...second.posts()]).toEqual(posts);
    expect([...first.posts()]).toEqual(posts);
  });

  it('gives different output for a different seed', () => {
    const first = generateCorpus(SMALL);
    const other = generateCorpus({ ...SMALL, seed: 2 });
    expect(other.profiles.map((p) => p.username)).not.toEqual(first.profiles.map((p) => p.username));
    expect([...other.posts()].slice(0, 50)).not.toEqual([...first.posts()].slice(0, 50));
  });
});

describe('generateCorpus at other sizes', () => {
  it.each([
    { name: 'small', options: SMALL, days: 90 },
    {
      name: 'tiny',
      options: { posts: 40, hashtags: 10, places: 3, profiles: 5, now: NOW, days: 7 },
      days: 7,
    },
  ])('keeps every invariant for a $name corpus', ({ options, days }) => {
    const corpus = generateCorpus(options);
    const stats = collectStats(corpus);
    expect(stats.posts).toBe(options.posts);
    expect(stats.invalidPosts).toEqual([]);
    expect(stats.unknownOwners + stats.unknownPlaces).toBe(0);
    expect(stats.earliest).toBeGreaterThanOrEqual(NOW / 1000 - days * DAY);
    expect(stats.latest).toBeLessThanOrEqual(NOW / 1000);
    expect(new Set(corpus.hashtags.map((h) => h.hashtag))).toEqual(new Set(stats.uses.keys()));
  });

  it('reaches the target number of distinct tags when the posts can carry them', () => {
    const corpus = generateCorpus({ ...SMALL, hashtags: 8_000 });
    expect(corpus.hashtags).toHaveLength(8_000);
  });

  it('rejects options that cannot make a corpus', () => {
    expect(() => generateCorpus({ posts: 0 })).toThrow(RangeError);
    expect(() => generateCorpus({ days: 1.5 })).toThrow(RangeError);
  });
});

interface CorpusStats {
  posts: number;
  uses: Map<string, number>;
  invalidPosts: unknown[];
  unknownOwners: number;
  unknownPlaces: number;
  postsWithPlace: number;
  postsByOwner: Map<string, number>;
  earliest: number;
  latest: number;
  travelPosts: number;
  travelWith: { wanderlust: number; vegan: number };
}

/** One pass over the posts, gathering everything the checks need. */
function collectStats(corpus: SampleCorpus): CorpusStats {
  const owners = new Set(corpus.profiles.map((p) => p.profile_id));
  const places = new Set(corpus.places.map((p) => p.place_id));
  const stats: CorpusStats = {
    posts: 0,
    uses: new Map(),
    invalidPosts: [],
    unknownOwners: 0,
    unknownPlaces: 0,
    postsWithPlace: 0,
    postsByOwner: new Map(),
    earliest: Number.POSITIVE_INFINITY,
    latest: Number.NEGATIVE_INFINITY,
    travelPosts: 0,
    travelWith: { wanderlust: 0, vegan: 0 },
  };
  const postIds = new Set<string>();
  for (const post of corpus.posts()) {
    stats.posts++;
    const tags = post.hashtags;
    const valid =
      tags.length >= 2 &&
      tags.length <= 30 &&
      new Set(tags).size === tags.length &&
      tags.every((tag) => tag.length > 0 && tag === tag.toLowerCase() && !/[#\s]/u.test(tag)) &&
      !postIds.has(post.post_id) &&
      Number.isInteger(post.timestamp);
    if (!valid && stats.invalidPosts.length < 5) stats.invalidPosts.push(post);
    postIds.add(post.post_id);
    if (!owners.has(post.owner)) stats.unknownOwners++;
    stats.postsByOwner.set(post.owner, (stats.postsByOwner.get(post.owner) ?? 0) + 1);
    if (post.place_id !== undefined) {
      stats.postsWithPlace++;
      if (!places.has(post.place_id)) stats.unknownPlaces++;
    }
    stats.earliest = Math.min(stats.earliest, post.timestamp);
    stats.latest = Math.max(stats.latest, post.timestamp);
    for (const tag of tags) stats.uses.set(tag, (stats.uses.get(tag) ?? 0) + 1);
    if (tags.includes('travel')) {
      stats.travelPosts++;
      if (tags.includes('wanderlust')) stats.travelWith.wanderlust++;
      if (tags.includes('vegan')) stats.travelWith.vegan++;
    }
  }
  return stats;
}
