import { cleanKeyword, foldText } from './fold-text.js';

export interface PostFilterRules {
  keywords: readonly string[];
  negative_keywords: readonly string[];
}

/**
 * Whether a post passes the post filters. The store keeps a post's hashtags, not its caption, so the
 * keywords are matched against the hashtags (decision 008): a keyword matches a tag that contains
 * it, compared folded and without spaces ("coffee shop" matches #bestcoffeeshop). The post passes
 * when no keyword is set or one matches one of its tags, and no negative keyword matches any tag.
 */
export function matchesPostFilters(hashtags: readonly string[], filters: PostFilterRules): boolean {
  const tags = hashtags.map(foldText);
  const matches = (keyword: string) => {
    const needle = tagForm(keyword);
    return needle !== '' && tags.some((tag) => tag.includes(needle));
  };
  if (filters.negative_keywords.some(matches)) return false;
  return filters.keywords.length === 0 || filters.keywords.some(matches);
}

/** A keyword as it would appear inside a hashtag: folded, no '#', no spaces. */
function tagForm(keyword: string): string {
  return foldText(cleanKeyword(keyword)).replace(/\s+/gu, '');
}

/** The oldest post time (epoch seconds) a quarry still looks at: `maxAgeDays` before now. */
export function postAgeCutoff(nowMs: number, maxAgeDays: number): number {
  return Math.floor(nowMs / 1000) - Math.round(maxAgeDays * 86_400);
}
