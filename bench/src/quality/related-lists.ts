import { LIMITS } from '@tagscout/core/limits';
import { countTagPosts, minSubcountOf, type RelatedRanking, rankRelatedTags } from '@tagscout/core/related';
import type { Database } from '@tagscout/server/db';
import { countOf, findRecentPosts } from '@tagscout/server/hashtags';
import type { Measure } from './measures.js';

export interface ScoredTag {
  hashtag: string;
  score: number;
}

/**
 * A source tag's related list under each measure, built as the product builds it: the tag's most
 * recent `window` posts from the repository (findRecentPosts), subcounts and authors by core's countTagPosts,
 * tags below the minimum subcount dropped, at most 40 kept. Core rankings go through core's
 * rankRelatedTags itself; the explored measures use the same filter, tie-breaks and cut.
 */
export class RelatedLists {
  private readonly cache = new Map<string, Map<string, ScoredTag[]>>();

  constructor(
    private readonly options: {
      database: Database;
      window: number;
      storePosts: number;
      measures: readonly Measure[];
      /** Multiplies every stored count (1: the in-store counts as they are). */
      countScale: number;
    },
  ) {}

  async of(tag: string): Promise<Map<string, ScoredTag[]>> {
    const cached = this.cache.get(tag);
    if (cached) return cached;
    const lists = await this.build(tag);
    this.cache.set(tag, lists);
    return lists;
  }

  private async build(tag: string): Promise<Map<string, ScoredTag[]>> {
    const { database, window, storePosts, measures, countScale } = this.options;
    const recent = await findRecentPosts(database, {
      item: { kind: 'hashtag', network: 'instagram', name: tag },
      window,
      perAuthor: LIMITS.relatedPostsPerAuthor,
    });
    const counts = new Map<string, number | undefined>();
    for (const row of recent.tags.values()) {
      counts.set(row.name, row.count_state === 'known' ? countOf(row) * countScale : undefined);
    }
    const counted = countTagPosts(recent.posts, {
      authors: recent.authors,
      self: tag,
      keyOf: (id: number) => recent.tags.get(id)?.name,
    });
    const subcounts = new Map([...counted].map(([name, { subcount }]) => [name, subcount]));
    const authors = new Map([...counted].map(([name, tagPosts]) => [name, tagPosts.authors]));
    const countOfTag = (name: string) => counts.get(name);
    const lists = new Map<string, ScoredTag[]>();
    for (const measure of measures) {
      const score = (hashtag: string, subcount: number) =>
        measure.score({ subcount, count: countOfTag(hashtag), windowPosts: recent.posts.length, storePosts });
      const ranked = measure.isCore
        ? rankRelatedTags({
            kind: 'hashtag',
            subcounts,
            authors,
            countOf: countOfTag,
            ranking: measure.name as RelatedRanking,
          }).map(({ hashtag, subcount }) => ({ hashtag, score: score(hashtag, subcount) }))
        : rankExplored(subcounts, score);
      lists.set(measure.name, ranked);
    }
    return lists;
  }
}

function rankExplored(
  subcounts: ReadonlyMap<string, number>,
  score: (hashtag: string, subcount: number) => number,
): ScoredTag[] {
  const min = minSubcountOf('hashtag');
  const scored = [...subcounts]
    .filter(([, subcount]) => subcount >= min)
    .map(([hashtag, subcount]) => ({ hashtag, subcount, score: score(hashtag, subcount) }));
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.subcount - a.subcount ||
      (a.hashtag < b.hashtag ? -1 : a.hashtag > b.hashtag ? 1 : 0),
  );
  return scored.slice(0, LIMITS.relatedTagsKept).map(({ hashtag, score }) => ({ hashtag, score }));
}
