import {
  createInstagramWebSource,
  type DeviceOutcome,
  INSTAGRAM_WEB,
  type InstagramHosts,
  lookupFromDevice,
  searchFromDevice,
  type TagscoutCache,
} from '@tagscout/sources/instagram-web';
import {
  BlockFlags,
  type Clock,
  type ItemRef,
  NetworkClient,
  type SearchRequest,
  type SocialSource,
  systemClock,
} from '@tagscout/sources/source';
import { crowdCache } from './crowd-cache';

/**
 * The apps' live path (docs/product-rules.md#live-sources, decision 010): in the iOS and Android apps the device
 * calls the social network's public web endpoints itself, posts what it got to the server's crowd
 * cache, and reports blocks, cross-origin refusals and unreadable pages. One source, with its rate
 * limiter and per-type block flags, lives as long as the app.
 *
 * Capacitor's native HTTP (the `CapacitorHttp` plugin, enabled in capacitor.config.ts) patches
 * `fetch`, so these calls are not held to the web view's cross-origin rules; calls made through the
 * `fetch` in place at the time of each request pick that up.
 */
export interface DeviceSource {
  source: SocialSource;
  client: NetworkClient;
  blocks: BlockFlags;
  cache: TagscoutCache;
}

export interface DeviceSourceOptions {
  /** The network's hosts, its site and its apps' API (a fake's address in tests). */
  hosts?: InstagramHosts;
  clock?: Clock;
  /** Used for the network (our API goes through the typed client); the global fetch at call time by default. */
  fetch?: typeof fetch;
}

/** How long a search or lookup waits for the device path before reading the server's store anyway. */
export const DEVICE_WAIT_MS = 3000;

const lateFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

export function createDeviceSource(options: DeviceSourceOptions = {}): DeviceSource {
  const clock = options.clock ?? systemClock;
  const fetch = options.fetch ?? lateFetch;
  const blocks = new BlockFlags({ clock });
  const client = new NetworkClient({ source: INSTAGRAM_WEB, clock, blocks, fetch });
  const source = createInstagramWebSource({ client, hosts: options.hosts });
  return { source, client, blocks, cache: crowdCache };
}

let current: DeviceSource | undefined;

/** The app's device source, made on first use. */
export function deviceSource(): DeviceSource {
  current ??= createDeviceSource();
  return current;
}

/** Replaces the app's device source (tests); undefined makes a fresh default one on next use. */
export function setDeviceSource(next: DeviceSource | undefined): void {
  current = next;
}

/**
 * The cache posts are fire and forget in the device helpers; the app reads the store right after,
 * so it waits for the posts it started (within the same time bound) before doing so.
 */
function trackingCache(cache: TagscoutCache, pending: Promise<void>[]): TagscoutCache {
  const track = (sent: Promise<void>) => {
    pending.push(sent.catch(() => {}));
    return sent;
  };
  return {
    postAutocomplete: (body) => track(cache.postAutocomplete(body)),
    postRecommend: (body) => track(cache.postRecommend(body)),
    reportFailure: (report) => track(cache.reportFailure(report)),
  };
}

type Outcome = DeviceOutcome<unknown> | 'timeout' | 'aborted' | 'error';

/** Runs a device call and waits for its posts; gives up waiting after `waitMs` or on abort. */
async function bounded(
  run: (cache: TagscoutCache) => Promise<DeviceOutcome<unknown>>,
  options: { waitMs?: number; signal?: AbortSignal },
): Promise<Outcome> {
  if (options.signal?.aborted) return 'aborted';
  const pending: Promise<void>[] = [];
  const work = (async (): Promise<Outcome> => {
    try {
      const outcome = await run(trackingCache(deviceSource().cache, pending));
      await Promise.all(pending);
      return outcome;
    } catch {
      return 'error';
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const limit = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.waitMs ?? DEVICE_WAIT_MS);
    onAbort = () => resolve('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * A search on the network from the device: results go to the server's cache, failures are reported
 * and set the block flags. Never throws; what to show is then read from the server's store.
 */
export function searchOnDevice(
  request: SearchRequest,
  options: { waitMs?: number; signal?: AbortSignal } = {},
): Promise<Outcome> {
  return bounded((cache) => {
    const { source, blocks } = deviceSource();
    return searchFromDevice(source, cache, { request, blocks });
  }, options);
}

/** An item's page read from the device (its count and recent posts go to the server's cache). */
export function lookupOnDevice(item: ItemRef, options: { waitMs?: number; signal?: AbortSignal } = {}) {
  return bounded((cache) => {
    const { source, blocks } = deviceSource();
    return lookupFromDevice(source, cache, { item, blocks });
  }, options);
}
