/**
 * The networks a tag's count and related tags can come from. A tag is one row per network in the
 * store, so the same name has a count (and a related list) on each (docs/decisions/012-networks.md).
 * `sample` is the bundled synthetic corpus, shown as "Sample data" and never as Instagram.
 */
export const Network = {
  instagram: 'instagram',
  bluesky: 'bluesky',
  mastodon: 'mastodon',
  sample: 'sample',
} as const;
export type Network = (typeof Network)[keyof typeof Network];

export const NETWORKS = Object.values(Network) as readonly Network[];

/** The order tried when a request names no network (the first that holds any tags answers). */
export const DEFAULT_NETWORK_ORDER: readonly Network[] = [Network.bluesky, Network.instagram, Network.sample];

/** Where a tag's served count came from. */
export const CountSource = {
  sample: 'sample',
  import: 'import',
  bluesky: 'bluesky',
  mastodon: 'mastodon',
  crowd: 'crowd',
} as const;
export type CountSource = (typeof CountSource)[keyof typeof CountSource];

export function isNetwork(value: string): value is Network {
  return (NETWORKS as readonly string[]).includes(value);
}

/**
 * "bluesky,instagram" -> { order: ['bluesky', 'instagram'] }; { unknown } lists the names that are
 * not networks, so configuration can say which one is wrong.
 */
export function parseNetworkOrder(text: string): { order: Network[] } | { unknown: string[] } {
  const names = text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !isNetwork(name));
  if (unknown.length > 0) return { unknown };
  return { order: [...new Set(names as Network[])] };
}
