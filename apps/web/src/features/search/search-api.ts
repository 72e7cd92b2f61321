import type { HashtagCount } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { DEFAULT_RELATED_RANKING } from '@tagscout/core/related';
import { api, dataOf } from '../../api/typed-client';
import { isDeviceSearchOn } from '../../native/search-mode';
import { detectPlatform, isMobileApp } from '../../shell/platform';
import { chosenNetwork, networkQuery } from '../networks/networks-api';
import type { RelatedOrder } from '../settings/settings-store';

export const SearchKind = { tags: 'tags', places: 'places', profiles: 'profiles' } as const;
export type SearchKind = (typeof SearchKind)[keyof typeof SearchKind];

/** One row of the results table, whatever was searched. */
export interface ResultItem {
  /** The tag name or the place id: what related tags are asked for. */
  key: string;
  kind: 'hashtag' | 'place';
  label: string;
  count: number;
  isBanned: boolean;
  isIndexing: boolean;
}

export interface RelatedResult {
  tags: { hashtag: string; subcount: number; authors: number; relevance: number; isBanned: boolean }[];
  postCount: number;
  /** Related tags past those the visitor's plan shows, which the server counts and does not send. */
  hidden: number;
}

/**
 * In the iOS and Android apps the device asks the network first and posts what it got to the store,
 * while the server's version config keeps that switched on (an administrator can turn it off).
 */
const runsOnDevice = async () =>
  isMobileApp(detectPlatform()) && isInstagramAsked() && (await isDeviceSearchOn());

/**
 * The device path's code (a network's parsers, twitter-text) is loaded only where it runs, in the
 * apps: a browser's first visit does not fetch it (issue 33).
 */
const loadDeviceSource = () => import('../../native/device-source');

/** Devices read Instagram; on another network chosen in the picker they leave the search to the server. */
const isInstagramAsked = () => {
  const network = chosenNetwork();
  return network === null || network === 'instagram';
};

export async function searchItems(
  kind: SearchKind,
  query: string,
  signal?: AbortSignal,
): Promise<ResultItem[]> {
  if ((kind === SearchKind.tags || kind === SearchKind.places) && (await runsOnDevice())) {
    const { searchOnDevice } = await loadDeviceSource();
    await searchOnDevice({ type: kind === SearchKind.places ? 'place' : 'hashtag', query }, { signal });
  }
  if (kind === SearchKind.places) {
    const { places } = await dataOf(
      api.GET('/api/autocomplete/place/{query}', { params: { path: { query } }, signal }),
    );
    return places.map((place) => ({
      key: place.place_id,
      kind: 'place',
      label: place.title,
      count: place.count,
      isBanned: false,
      isIndexing: false,
    }));
  }
  const { hashtags } = await dataOf(
    api.GET('/api/autocomplete/hashtag/{query}', {
      params: { path: { query }, query: networkQuery() },
      signal,
    }),
  );
  return hashtags.map((tag) => ({
    key: tag.hashtag,
    kind: 'hashtag',
    label: tag.hashtag,
    count: tag.count,
    isBanned: tag.banned === true,
    isIndexing: tag.indexing === true,
  }));
}

export async function fetchRelated(
  item: Pick<ResultItem, 'kind' | 'key'>,
  ranking: RelatedOrder = DEFAULT_RELATED_RANKING,
): Promise<RelatedResult> {
  if (await runsOnDevice()) {
    const { lookupOnDevice } = await loadDeviceSource();
    await lookupOnDevice(
      item.kind === 'place' ? { type: 'place', id: item.key } : { type: 'hashtag', name: item.key },
    );
  }
  const query = { recommended: '1', ...(ranking !== DEFAULT_RELATED_RANKING && { ranking }) } as const;
  const response =
    item.kind === 'place'
      ? await dataOf(api.GET('/api/info/place/{id}', { params: { path: { id: item.key }, query } }))
      : await dataOf(
          api.GET('/api/info/hashtag/{names}', {
            params: { path: { names: item.key }, query: { ...query, ...networkQuery() } },
          }),
        );
  const info = response.data[0];
  return {
    tags: (info?.related_tags ?? []).map((tag) => ({ ...tag, isBanned: tag.banned === true })),
    postCount: info?.related_post_count ?? 0,
    hidden: info?.related_tags_hidden ?? 0,
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts for tags, asked in batches of 100. Counts not known yet (-1 unknown, -2 being looked up) are asked again,
 * up to 5 times, waiting 500 ms and doubling (docs/product-rules.md#counts-and-retries).
 */
export async function fetchCounts(
  names: readonly string[],
  options: {
    retries?: number;
    firstDelayMs?: number;
    onProgress?: (counts: Map<string, HashtagCount>) => void;
    /** Stops asking (the list that wanted the counts went away). */
    signal?: AbortSignal;
  } = {},
): Promise<Map<string, HashtagCount>> {
  const retries = options.retries ?? LIMITS.countRetries;
  const counts = new Map<string, HashtagCount>();
  let pending = [...new Set(names)];
  let delay = options.firstDelayMs ?? LIMITS.countFirstRetryDelayMs;
  for (let attempt = 0; attempt <= retries && pending.length > 0; attempt++) {
    if (attempt > 0) {
      await wait(delay);
      delay *= 2;
    }
    if (options.signal?.aborted) break;
    for (let start = 0; start < pending.length; start += LIMITS.countBatchSize) {
      const batch = pending.slice(start, start + LIMITS.countBatchSize);
      const { data } = await dataOf(
        api.GET('/api/info/hashtag/{names}', {
          params: { path: { names: batch.join(',') }, query: networkQuery() },
          signal: options.signal,
        }),
      );
      for (const tag of data) counts.set(tag.hashtag, tag);
    }
    options.onProgress?.(counts);
    pending = pending.filter((name) => (counts.get(name)?.count ?? -1) < 0);
  }
  return counts;
}

/** Administrators: the alerts about the social network (blocked searches or lookups, cross-origin trouble). */
export async function fetchSourceAlerts(signal?: AbortSignal) {
  const { alerts } = await dataOf(api.GET('/api/sources/status', { signal }));
  return alerts;
}
