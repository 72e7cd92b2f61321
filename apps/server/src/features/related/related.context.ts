import type { TrendingResponse } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connect.js';
import { DefaultNetwork } from '../search/default-network.js';
import type { HashtagSourceHook } from '../search/hashtag-sources.js';
import { SuggestionCache } from '../search/suggestion-cache.js';
import { TagRowCache } from '../search/tag-row-cache.js';
import { DenseTagIds } from './dense-tag-ids.js';
import { NewPostTracker } from './new-post-tracker.js';
import { newPostReader, resetReader, tagChangeReader } from './new-posts.repository.js';
import { type HashtagContext, type HashtagWindow, type RelatedList, windowBytes } from './related.service.js';
import { RelatedCache } from './related-cache.js';

/** A related list is redone once this share of its posts are newer than it (decision 016). */
const RELATED_NEW_POST_SHARE = 0.1;
/** How long a "trending now" answer is kept (decision 018). */
const TRENDING_CACHE_MS = 60_000;
/**
 * The memory kept for tag windows (suggestions, decision 015) per related list the cache may keep:
 * 320 MB at the default 20,000 lists, what 1,000 windows of names took before decision 039.
 */
const WINDOW_BYTES_PER_LIST = 16_000;

/**
 * The hashtag services' state for one server process: its caches and settings. One per app, shared by
 * the search, crowd-cache and trend routes and by other features that read related lists (through related.service).
 */
export function createHashtagContext(
  database: Database,
  config: Pick<
    Config,
    'RELATED_POST_WINDOW' | 'RELATED_CACHE_SECONDS' | 'RELATED_CACHE_ENTRIES' | 'DEFAULT_NETWORK' | 'now'
  > &
    Partial<
      Pick<
        Config,
        | 'RELATED_POSTS_PER_AUTHOR'
        | 'CROWD_QUORUM'
        | 'RELATED_CACHE_RECHECK_MS'
        | 'AUTOCOMPLETE_CACHE_SECONDS'
        | 'AUTOCOMPLETE_CACHE_ENTRIES'
        | 'TAG_CACHE_ENTRIES'
      >
    >,
  options: { sources?: HashtagSourceHook; log?: (message: string, error?: unknown) => void } = {},
): HashtagContext {
  const { now } = config;
  const { sources, log = () => {} } = options;
  const recheckAfterMs = config.RELATED_CACHE_RECHECK_MS ?? 0;
  const maxAgeMs = config.RELATED_CACHE_SECONDS * 1000;
  const isCached = maxAgeMs > 0 && config.RELATED_CACHE_ENTRIES > 0;
  // Another writer's transaction holding a lower post id is looked for as long as a list lives.
  const postTracker = new NewPostTracker({
    reader: newPostReader(database),
    changes: tagChangeReader(database),
    resets: resetReader(database),
    intervalMs: recheckAfterMs,
    gapMs: Math.max(maxAgeMs, 1000),
    log,
    now,
  });
  if (isCached) postTracker.start();
  const checkOnRequest = recheckAfterMs === 0;
  const defaultNetwork = new DefaultNetwork({ database, order: config.DEFAULT_NETWORK, now });
  const suggestions = new SuggestionCache({
    maxAgeMs: (config.AUTOCOMPLETE_CACHE_SECONDS ?? 0) * 1000,
    maxEntries: config.AUTOCOMPLETE_CACHE_ENTRIES ?? 0,
    now,
  });
  const trending = new LRUCache<string, TrendingResponse>({ max: 64, ttl: TRENDING_CACHE_MS, perf: { now } });
  // When the tracker cannot say what changed (a bulk write, a purge by any process), the answers
  // kept by time alone go too; related lists and windows go by its epoch, tag rows on their own.
  postTracker.onTags((tags) => {
    if (tags !== 'all') return;
    suggestions.clear();
    trending.clear();
    defaultNetwork.forget();
  });
  return {
    database,
    defaultNetwork,
    suggestions,
    postTracker,
    related: new RelatedCache<RelatedList>({
      maxAgeMs,
      maxEntries: config.RELATED_CACHE_ENTRIES,
      newPostShare: RELATED_NEW_POST_SHARE,
      tracker: postTracker,
      checkOnRequest,
      now,
    }),
    // Rows follow the tracker, so they are kept only while it reads (the related cache on).
    tags: new TagRowCache({
      maxEntries: isCached ? (config.TAG_CACHE_ENTRIES ?? 0) : 0,
      maxAgeMs,
      tracker: postTracker,
      checkOnRequest,
      now,
    }),
    // A window holds a tag's posts digested (110-160 KB): kept up to a memory budget (decision 039).
    windows: new RelatedCache<HashtagWindow>({
      maxAgeMs,
      maxEntries: config.RELATED_CACHE_ENTRIES,
      maxBytes: config.RELATED_CACHE_ENTRIES * WINDOW_BYTES_PER_LIST,
      sizeOf: windowBytes,
      newPostShare: RELATED_NEW_POST_SHARE,
      tracker: postTracker,
      checkOnRequest,
      now,
    }),
    windowTagIds: new DenseTagIds(),
    relatedWindow: config.RELATED_POST_WINDOW,
    trending,
    snapshotDays: new LRUCache<string, number>({ max: 8, ttl: TRENDING_CACHE_MS, perf: { now } }),
    postsPerAuthor: config.RELATED_POSTS_PER_AUTHOR ?? LIMITS.relatedPostsPerAuthor,
    crowdAuthor: config.CROWD_QUORUM === 1 ? 'owner' : 'submitter',
    ...(sources && { sources }),
  };
}
