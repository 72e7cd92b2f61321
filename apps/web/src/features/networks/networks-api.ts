import { TREND_LIMITS } from '@tagscout/core/api';
import type { Network } from '@tagscout/core/networks';
import { type Answer, api, dataOf } from '../../api/typed-client';
import { useSettings } from '../settings/settings-store';

/** The network the visitor chose in the picker; null until they choose (the server's default answers). */
export function chosenNetwork(): Network | null {
  return useSettings.getState().searchNetwork;
}

/** The query's `network` while one is chosen, else nothing (the server's default answers). */
export function networkQuery(): { network?: Network } {
  const network = chosenNetwork();
  return network ? { network } : {};
}

export function fetchNetworks(signal?: AbortSignal) {
  return dataOf(api.GET('/api/networks', { signal }));
}

type TrendAnswer = Answer<'/api/trends/hashtags', 'get'>;
type Trend = TrendAnswer['trends'][number];

export interface Trends {
  network: Network;
  firstDay: string;
  lastDay: string;
  byTag: Map<string, Trend>;
}

/** The trends of many tags on a network, asked 100 at a time. */
export async function fetchTrends(
  names: readonly string[],
  network: Network,
  signal?: AbortSignal,
): Promise<Trends> {
  const unique = [...new Set(names)];
  const byTag = new Map<string, Trend>();
  let answer: TrendAnswer | undefined;
  for (let start = 0; start < unique.length; start += TREND_LIMITS.tags) {
    const tags = unique.slice(start, start + TREND_LIMITS.tags).join(',');
    answer = await dataOf(api.GET('/api/trends/hashtags', { params: { query: { tags, network } }, signal }));
    for (const trend of answer.trends) byTag.set(trend.hashtag, trend);
  }
  return {
    network: answer?.network ?? network,
    firstDay: answer?.first_day ?? '',
    lastDay: answer?.last_day ?? '',
    byTag,
  };
}

export function fetchTrending(network: Network, signal?: AbortSignal) {
  return dataOf(api.GET('/api/trends/now', { params: { query: { network, limit: 12 } }, signal }));
}
