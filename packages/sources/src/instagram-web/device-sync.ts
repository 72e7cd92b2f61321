import {
  type CacheAutocompleteBody,
  type CacheRecommendBody,
  FailureClass,
  type SourceCall,
  type SourceReportBody,
  sourceCall,
} from '@tagscout/core/api';
import type { BlockFlags } from '../source/block-flags.js';
import { isSourceFailure } from '../source/failure.js';
import type { ItemRef, SearchRequest, SocialSource } from '../source/social-source.js';

/**
 * Sends what the device read to our server: the crowd-cache posts and the failure reports (fire and
 * forget). The app supplies it, built on its API client typed by the server's OpenAPI document, so this
 * package never knows our routes.
 */
export interface TagscoutCache {
  postAutocomplete(body: CacheAutocompleteBody): Promise<void>;
  postRecommend(body: CacheRecommendBody): Promise<void>;
  reportFailure(report: SourceReportBody): Promise<void>;
}

/** What the app does when the network did not answer. */
export const Fallback = {
  /** Ask the server's store instead. */
  serverStore: 'server-store',
  /** Read the item's own page instead of searching (searches are blocked, lookups are not). */
  directLookup: 'direct-lookup',
  /** The tag does not exist on the network: its count is 0. */
  countZero: 'count-zero',
} as const;
export type Fallback = (typeof Fallback)[keyof typeof Fallback];

export type DeviceOutcome<T> =
  | { status: 'fetched'; value: T }
  | { status: 'fallback'; failure: FailureClass; fallback: Fallback };

/** Failures admins are told about (the alerts of docs/product-rules.md#live-sources, and pages we can no longer read). */
const REPORTED = new Set<FailureClass>([FailureClass.block, FailureClass.cors, FailureClass.parseError]);

/**
 * A search run on the device: results go to the server's cache; a failure picks the fallback and is
 * reported so admins see blocks and cross-origin trouble.
 */
export async function searchFromDevice(
  source: SocialSource,
  cache: TagscoutCache,
  options: { request: SearchRequest; blocks: BlockFlags },
): Promise<DeviceOutcome<CacheAutocompleteBody>> {
  const call = sourceCall('search', options.request.type);
  try {
    const value = await source.search(options.request);
    void cache.postAutocomplete(value).catch(() => {});
    return { status: 'fetched', value };
  } catch (error) {
    return fallBack(source, cache, { call, error, blocks: options.blocks });
  }
}

/** An item's page read on the device: the item and its posts go to the server's cache. */
export async function lookupFromDevice(
  source: SocialSource,
  cache: TagscoutCache,
  options: { item: ItemRef; blocks: BlockFlags },
): Promise<DeviceOutcome<CacheRecommendBody>> {
  const { item } = options;
  const call = sourceCall('lookup', item.type);
  try {
    const value = await source.fetchRecent(item);
    void cache.postRecommend(value).catch(() => {});
    return { status: 'fetched', value };
  } catch (error) {
    const outcome = await fallBack(source, cache, { call, error, blocks: options.blocks });
    // A 404 on a tag page is cached as count 0.
    if (outcome.fallback === Fallback.countZero && item.type === 'hashtag') {
      void cache.postRecommend({ hashtag: { hashtag: item.name, count: 0 }, posts: [] }).catch(() => {});
    }
    return outcome;
  }
}

/** The fallback for a failed call, given which call types are blocked now. */
export function fallbackFor(call: SourceCall, failure: FailureClass, blocks: BlockFlags): Fallback {
  if (call === 'lookup:hashtag' && failure === FailureClass.notFound) return Fallback.countZero;
  if (call === 'search:hashtag' && !blocks.isBlocked('lookup:hashtag')) return Fallback.directLookup;
  return Fallback.serverStore;
}

async function fallBack(
  source: SocialSource,
  cache: TagscoutCache,
  options: { call: SourceCall; error: unknown; blocks: BlockFlags },
): Promise<{ status: 'fallback'; failure: FailureClass; fallback: Fallback }> {
  const { call, error, blocks } = options;
  if (!isSourceFailure(error)) throw error;
  if (REPORTED.has(error.failure) && !error.isFromBlockFlag && source.name === 'instagram-web') {
    void cache.reportFailure({ source: 'instagram-web', call, failure: error.failure }).catch(() => {});
  }
  return { status: 'fallback', failure: error.failure, fallback: fallbackFor(call, error.failure, blocks) };
}
