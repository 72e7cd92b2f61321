import {
  type HashtagTrend,
  type NetworksResponse,
  TREND_LIMITS,
  type TrendingResponse,
  type TrendResponse,
} from '@tagscout/core/api';
import type { Network } from '@tagscout/core/networks';
import { apiGet } from '../../api/client';
import { api, dataOf } from '../../api/typed-client';
import { useSettings } from '../settings/settings-store';

/** The network the visitor chose in the picker; null until they choose (the server's default answers). */
export function chosenNetwork(): Network | null {
  return useSettings.getState().searchNetwork;
}

/** "&network=bluesky" (or "?network=" as the first parameter), or nothing while none is chosen. */
export function networkParam(first = false): string {
  const network = chosenNetwork();
  return network ? `${first ? '?' : '&'}network=${network}` : '';
}

export async function fetchNetworks(signal?: AbortSignal): Promise<NetworksResponse> {
  return dataOf(api.GET('/api/networks', { signal }));
}

export interface Trends {
  network: Network;
  firstDay: string;
  lastDay: string;
  byTag: Map<string, HashtagTrend>;
}

/** The trends of many tags on a network, asked 100 at a time. */
export async function fetchTrends(
  names: readonly string[],
  network: Network,
  signal?: AbortSignal,
): Promise<Trends> {
  const unique = [...new Set(names)];
  const byTag = new Map<string, HashtagTrend>();
  let answer: TrendResponse | undefined;
  for (let start = 0; start < unique.length; start += TREND_LIMITS.tags) {
    const batch = unique
      .slice(start, start + TREND_LIMITS.tags)
      .map(encodeURIComponent)
      .join(',');
    answer = await apiGet<TrendResponse>(`/trends/hashtags?tags=${batch}&network=${network}`, { signal });
    for (const trend of answer.trends) byTag.set(trend.hashtag, trend);
  }
  return {
    network: answer?.network ?? network,
    firstDay: answer?.first_day ?? '',
    lastDay: answer?.last_day ?? '',
    byTag,
  };
}

export async function fetchTrending(network: Network, signal?: AbortSignal): Promise<TrendingResponse> {
  return dataOf(api.GET('/api/trends/now', { params: { query: { network, limit: 12 } }, signal }));
}
