import type { HashtagCount } from '@tagscout/core/api';
import type { Network } from '@tagscout/core/networks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useCapabilities } from '../../shell/session-store';
import { useSettings } from '../settings/settings-store';
import {
  fetchCounts,
  fetchRelated,
  fetchSourceAlerts,
  type RelatedResult,
  type ResultItem,
  type SearchKind,
  searchItems,
} from './search-api';
import { isQueryTooLong } from './search-query';

/** Keys carry the network chosen in the picker (null: the server's default), so a switch asks again. */
export const searchKeys = {
  results: (kind: SearchKind, query: string, network: Network | null) =>
    ['search', kind, query, network] as const,
  /** `isCut`: asked by a visitor whose plan gets only the first related tags (docs/product-rules.md#free-limits). */
  related: (
    item: Pick<ResultItem, 'kind' | 'key'>,
    ranking: string,
    network: Network | null,
    isCut: boolean,
  ) => ['related', item.kind, item.key, ranking, network, isCut] as const,
  sourceAlerts: ['sources', 'alerts'] as const,
};

/** While a result is being indexed, the results are asked for again this often. */
const INDEXING_POLL_MS = 3000;
const SOURCE_ALERTS_POLL_MS = 60_000;

export function useSearchResults(kind: SearchKind, query: string) {
  const network = useSettings((settings) => settings.searchNetwork);
  return useQuery({
    queryKey: searchKeys.results(kind, query, network),
    queryFn: ({ signal }) => searchItems(kind, query, signal),
    // Longer than any tag: the pane says so instead of asking.
    enabled: query.length > 0 && !isQueryTooLong(kind, query),
    refetchInterval: (current) =>
      current.state.data?.some((item) => item.isIndexing) ? INDEXING_POLL_MS : false,
  });
}

/** Administrators see when the social network blocks searches or lookups (docs/product-rules.md#live-sources). */
export function useSourceAlerts(isAdmin: boolean) {
  return useQuery({
    queryKey: searchKeys.sourceAlerts,
    queryFn: ({ signal }) => fetchSourceAlerts(signal),
    enabled: isAdmin,
    refetchInterval: SOURCE_ALERTS_POLL_MS,
  });
}

/**
 * The key of an item's related list as this visitor asks for it. A plan that cuts the list (free)
 * and one that shows it whole ask apart, so starting a trial or paying shows the whole list.
 */
function useRelatedAsked(item: Pick<ResultItem, 'kind' | 'key'>) {
  const ranking = useSettings((settings) => settings.relatedRanking);
  const network = useSettings((settings) => settings.searchNetwork);
  const isCut = useCapabilities().displayedRelatedTags !== null;
  const { kind, key: itemKey } = item;
  // The same key until one of its parts changes: effects that depend on it do not start again.
  const key = useMemo(
    () => searchKeys.related({ kind, key: itemKey }, ranking, network, isCut),
    [kind, itemKey, ranking, network, isCut],
  );
  return { key, ranking, network, isCut };
}

/** Related tags of an item with their post counts; pending until the first round of counts is in. */
export function useRelatedTags(item: Pick<ResultItem, 'kind' | 'key'>) {
  const queryClient = useQueryClient();
  const { key, ranking, network, isCut } = useRelatedAsked(item);
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const related = await fetchRelated(item, ranking);
      // The first answer is enough to show the rows; unknown counts keep being asked for in the background.
      const counts = new Map<string, number>();
      const names = related.tags.map((tag) => tag.hashtag);
      if (names.length > 0) {
        const found = await fetchCounts(names, { retries: 0 });
        for (const [name, tag] of found) counts.set(name, tag.count);
      }
      return { ...related, counts };
    },
    // A whole list already here serves a plan that cuts it (the rows cut it on screen): the end of a
    // trial asks for nothing again.
    initialData: isCut
      ? () => queryClient.getQueryData<RelatedData>(searchKeys.related(item, ranking, network, false))
      : undefined,
    // Never asked again by itself (a window coming back, a connection back, the pane shown again on
    // a phone): past UTC midnight that would spend one of a free visitor's new day's related searches
    // without a click. A reload or a new search asks again. A list kept as whole that the server cut
    // (its plan had ended there first) is asked again when next shown.
    staleTime: (query) => (!isCut && (query.state.data?.hidden ?? 0) > 0 ? 0 : Number.POSITIVE_INFINITY),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

type RelatedData = RelatedResult & { counts: Map<string, number> };

/** Asks again, with the back-off of docs/product-rules.md#counts-and-retries, for related-tag counts the store did not know (-1). */
export function useRefreshUnknownCounts(
  item: Pick<ResultItem, 'kind' | 'key'>,
  data: { counts: Map<string, number> } | undefined,
) {
  const { key } = useRelatedAsked(item);
  const queryClient = useQueryClient();
  // Asked once per list, when its first answer is in: the counts found are merged into that answer,
  // which must not start the asking again (each start would begin the back-off anew).
  const latest = useRef(data);
  latest.current = data;
  const hasData = data !== undefined;
  useEffect(() => {
    const first = latest.current;
    if (!hasData || !first) return;
    const unknown = [...first.counts].filter(([, count]) => count < 0).map(([name]) => name);
    if (unknown.length === 0) return;
    let isCurrent = true;
    const merge = (found: Map<string, HashtagCount>) => {
      if (!isCurrent) return;
      const known = [...found].filter(
        ([name, tag]) => tag.count >= 0 && latest.current?.counts.get(name) !== tag.count,
      );
      if (known.length === 0) return;
      queryClient.setQueryData(key, (old: typeof data | undefined) => {
        if (!old) return old;
        const counts = new Map(old.counts);
        for (const [name, tag] of known) counts.set(name, tag.count);
        return { ...old, counts };
      });
    };
    const asking = new AbortController();
    fetchCounts(unknown, { onProgress: merge, signal: asking.signal }).catch(() => {});
    return () => {
      isCurrent = false;
      asking.abort();
    };
  }, [hasData, key, queryClient]);
}
