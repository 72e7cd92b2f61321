import type { Network } from '@tagscout/core/networks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSettings } from '../settings/settings-store';
import { fetchNetworks, fetchTrending, fetchTrends } from './networks-api';

export const networkKeys = {
  networks: ['networks'] as const,
  trends: (network: Network | undefined, names: readonly string[]) => ['trends', network, names] as const,
  trending: (network: Network | undefined) => ['trending', network] as const,
};

/** The networks that hold data and the server's default. */
export function useNetworks() {
  return useQuery({
    queryKey: networkKeys.networks,
    queryFn: ({ signal }) => fetchNetworks(signal),
    staleTime: 5 * 60_000,
  });
}

/** The network searches answer from: the one chosen, else the server's default (undefined while loading). */
export function useCurrentNetwork(): Network | undefined {
  const chosen = useSettings((settings) => settings.searchNetwork);
  const networks = useNetworks();
  return chosen ?? networks.data?.default;
}

/** Trends of the tags on the current network, in one batched request. */
export function useTrends(names: readonly string[]) {
  const network = useCurrentNetwork();
  return useQuery({
    queryKey: networkKeys.trends(network, names),
    queryFn: ({ signal }) => fetchTrends(names, network!, signal),
    enabled: network !== undefined && names.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useTrending() {
  const network = useCurrentNetwork();
  return useQuery({
    queryKey: networkKeys.trending(network),
    queryFn: ({ signal }) => fetchTrending(network!, signal),
    enabled: network !== undefined,
    staleTime: 60_000,
  });
}
