import type { Network } from '@tagscout/core/networks';
import type { TFunction } from 'i18next';

/** The network's name as shown: the sample is "Sample data", never Instagram. */
export function networkName(t: TFunction, network: Network): string {
  return t(`networks.names.${network}`);
}

/** What the count column counts on the network: "Posts" on Instagram, "Posts, last 7 days" on Bluesky. */
export function countHeader(t: TFunction, network: Network | undefined): string {
  return t(`networks.counts.${network ?? 'instagram'}`);
}
