import type { TrendingResponse } from '@tagscout/core/api';
import type { Network } from '@tagscout/core/networks';
import {
  countTagPosts,
  DEFAULT_RELATED_RANKING,
  type DigestedWindow,
  digestWindow,
  type ItemKind,
  minSubcountOf,
  type RelatedRanking,
  rankCounted,
} from '@tagscout/core/related';
import type { LRUCache } from 'lru-cache';
import type { Database } from '../../db/connect.js';
import type { DefaultNetwork } from '../search/default-network.js';
import type { HashtagRow } from '../search/hashtag-row.js';
import type { HashtagSourceHook } from '../search/hashtag-sources.js';
import { countOf, presentRelatedTag } from '../search/search.presenter.js';
import type { SuggestionCache } from '../search/suggestion-cache.js';
import type { TagRowCache } from '../search/tag-row-cache.js';
import type { CrowdAuthor } from '../store/post-author.js';
import type { DenseTagIds } from './dense-tag-ids.js';
import type { NewPostTracker } from './new-post-tracker.js';
import { resetCachedAnswers } from './new-posts.repository.js';
import { findRecentPosts, type ItemKey } from './related.repository.js';
import type { RelatedCache } from './related-cache.js';

/** An item's related tags and how many of its recent posts they come from. */
export interface RelatedList {
  related_tags: ReturnType<typeof presentRelatedTag>[];
  related_post_count: number;
}

export interface HashtagContext {
  database: Database;
  /** The network answering requests that name none (DEFAULT_NETWORK). */
  defaultNetwork: DefaultNetwork;
  /** Autocomplete answers per network and prefix, kept briefly (decision 019); none when absent. */
  suggestions?: SuggestionCache;
  /** Tags' rows and names the store lacks, following the new-post tracker (decision 020). */
  tags?: TagRowCache;
  /** Counts new posts per item for the related caches (decision 016). */
  postTracker: NewPostTracker;
  /** Related lists per item and ranking (docs/decisions/016-related-cache.md). */
  related: RelatedCache<RelatedList>;
  /** Each tag's recent posts for suggestions, cached as related lists are (decision 015). */
  windows?: RelatedCache<HashtagWindow>;
  /** The numbering of tags the windows are digested in (decision 039). */
  windowTagIds: DenseTagIds;
  /** How many of an item's most recent posts its related tags come from. */
  relatedWindow: number;
  /** Most posts of one author in a related window of a tag or place (decision 025). */
  postsPerAuthor: number;
  /**
   * Who a crowd post counts as: the account that sent it, or, where every reporter is trusted alone
   * (CROWD_QUORUM 1, a single-user install), the owner it names (decision 025).
   */
  crowdAuthor: CrowdAuthor;
  /** Live sources, when one runs on the server: misses on its network start indexing (decision 010). */
  sources?: HashtagSourceHook;
  /** Trending answers per network, kept briefly (decision 018). */
  trending: LRUCache<string, TrendingResponse>;
  /** The last day of each snapshot network (the sample), whose trends end there. */
  snapshotDays: LRUCache<string, number>;
}

/** Forgets every cached answer that carries tags' counts or banned flags (after an admin change). */
export function forgetCachedTags(context: HashtagContext): void {
  context.suggestions?.clear();
  context.tags?.forget();
  context.related.clear();
  context.windows?.clear();
}

/**
 * After a change no new post shows (an administrator's purge removed or rewrote posts and took crowd
 * values back): every answer kept from posts or tags (related lists, suggestion windows, tag rows,
 * autocomplete, trending, the default network) is forgotten in this process at once, and in every
 * other process sharing the store at its tracker's next read (RELATED_CACHE_RECHECK_MS), which counts
 * new posts but cannot see removed ones. Call it once what it stands for has committed.
 */
export async function forgetChangedAnswers(context: HashtagContext, options: { now: number }): Promise<void> {
  context.postTracker.reset(await resetCachedAnswers(context.database, options.now));
}

/**
 * An item's related tags (the core rules applied to its most recent posts), from the related cache
 * when it holds a fresh list. Other features (suggestions for a whole list) reuse it.
 */
export async function findRelatedTags(
  context: HashtagContext,
  item: ItemKey,
  ranking: RelatedRanking = DEFAULT_RELATED_RANKING,
): Promise<RelatedList> {
  const itemKey = relatedKeyOf(item);
  return context.related.get(`${itemKey}|${ranking}`, {
    item: itemKey,
    compute: () => computeRelated(context, item, ranking),
  });
}

/** An item's key in the related caches, as the new-post tracker names the items of a post. */
function relatedKeyOf(item: ItemKey): string {
  return item.kind === 'hashtag' ? `hashtag:${item.network}:${item.name}` : `${item.kind}:${item.id}`;
}

async function computeRelated(context: HashtagContext, item: ItemKey, ranking: RelatedRanking) {
  // Tags in fewer posts than the kind's minimum subcount can never be related: leave their names
  // and counts unread (for a popular tag, most of the thousands it co-occurs with).
  const minPosts = minSubcountOf(item.kind);
  const recent = await findRecentPosts(context.database, {
    item,
    window: context.relatedWindow,
    minPosts,
    // A profile's posts are all its own: the cap is for items many people post to.
    perAuthor: item.kind === 'profile' ? undefined : context.postsPerAuthor,
    crowdAuthor: context.crowdAuthor,
    rows: context.tags,
  });
  const byName = new Map<string, HashtagRow>();
  for (const tag of recent.tags.values()) byName.set(tag.name, tag);
  // Posts are counted by their tags' names; tags not read are dropped (their subcount is too low).
  const counted = countTagPosts(recent.posts, {
    authors: recent.authors,
    self: item.kind === 'hashtag' ? item.name : undefined,
    keyOf: (id: number) => recent.tags.get(id)?.name,
  });
  const related = rankCounted(counted, {
    kind: item.kind satisfies ItemKind,
    countOf: (name) => {
      const tag = byName.get(name);
      return tag && tag.count_state === 'known' ? countOf(tag) : undefined;
    },
    ranking,
  });
  return {
    value: {
      related_tags: related.map((tag) => presentRelatedTag(tag, byName.get(tag.hashtag)?.banned === 1)),
      related_post_count: recent.posts.length,
    },
    postCount: recent.posts.length,
  };
}

/**
 * A tag's related window as suggestions read it: its recent posts digested in the store's tag ids,
 * numbered densely (core's digestWindow, DenseTagIds), with the names and flags of their tags; the
 * posts themselves are not kept.
 */
export interface HashtagWindow extends DigestedWindow {
  hashtag: string;
  /** WINDOW_TAG_BANNED and WINDOW_TAG_LOOKUP of each of `digest.tags`, in its order. */
  flags: Uint8Array;
}

/**
 * About how many bytes a window takes in memory: its typed arrays, its tags' names and its authors'
 * keys. A name is counted whole although it is the tag row's while the row cache holds the row (a
 * window outlives rows the cache lets go): measured, windows of the 200,000-post bench store took
 * 112 KB each with the rows held, 2.9 times less than the windows of names they replaced.
 */
export function windowBytes(window: HashtagWindow): number {
  const { digest } = window;
  const arrays = [
    digest.tags,
    digest.subcounts,
    digest.counts,
    digest.postTags,
    digest.postStarts,
    digest.postHashes,
    digest.authorStarts,
    digest.authorIds,
    window.flags,
  ];
  let bytes = 0;
  for (const array of arrays) bytes += array?.byteLength ?? 0;
  for (const name of window.names) bytes += 24 + name.length;
  return bytes + 64 * digest.authors.length;
}

/** A window's tag that is banned. */
export const WINDOW_TAG_BANNED = 1;
/** A window's tag whose count needs a direct lookup (-2 in the API). */
export const WINDOW_TAG_LOOKUP = 2;

/**
 * The windows of the tags of a list being built (suggestions for the whole list, decision 015), in
 * the order asked; a tag with no posts has an empty window. Each is cached like a related list.
 */
export async function findHashtagWindows(
  context: HashtagContext,
  request: { network: Network; names: readonly string[] },
): Promise<HashtagWindow[]> {
  const windows: HashtagWindow[] = [];
  for (const name of request.names) {
    const item: ItemKey = { kind: 'hashtag', network: request.network, name };
    const source = { item: relatedKeyOf(item), compute: () => computeWindow(context, item) };
    windows.push(
      context.windows ? await context.windows.get(source.item, source) : (await source.compute()).value,
    );
  }
  return windows;
}

async function computeWindow(context: HashtagContext, item: ItemKey & { kind: 'hashtag' }) {
  // Every tag is read, not only those in 2 posts: one seen once in each of two windows still counts.
  const recent = await findRecentPosts(context.database, {
    item,
    window: context.relatedWindow,
    perAuthor: context.postsPerAuthor,
    crowdAuthor: context.crowdAuthor,
    rows: context.tags,
  });
  const dense = context.windowTagIds;
  let ownId = -1;
  for (const [storeId, row] of recent.tags) {
    if (row.name === item.name) ownId = dense.idOf(storeId);
  }
  // Tags without a row read (seen only in crowd posts) are left out of the posts, as of every list.
  const posts = recent.posts.map((ids) => {
    const kept: number[] = [];
    for (const storeId of ids) if (recent.tags.has(storeId)) kept.push(dense.idOf(storeId));
    return kept;
  });
  const rowOf = (id: number) => recent.tags.get(dense.storeIdOf(id))!;
  const digest = digestWindow({
    ownId,
    posts,
    authors: recent.authors,
    countOf: (id) => countOf(rowOf(id)),
  });
  const names: string[] = [];
  const flags = new Uint8Array(digest.tags.length);
  digest.tags.forEach((id, index) => {
    const row = rowOf(id);
    names.push(row.name);
    flags[index] = (row.banned === 1 ? WINDOW_TAG_BANNED : 0) | (countOf(row) === -2 ? WINDOW_TAG_LOOKUP : 0);
  });
  const window: HashtagWindow = { hashtag: item.name, digest, names, flags };
  return { value: window, postCount: posts.length };
}
