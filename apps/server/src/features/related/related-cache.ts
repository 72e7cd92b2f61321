import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.js';
import type { NewPostTracker, Watch } from './new-post-tracker.js';

/** A computed related list with what the cache needs to judge its freshness. */
export interface ComputedRelated<V> {
  value: V;
  /** How many posts the list came from (the window, or fewer for a small item). */
  postCount: number;
}

export interface RelatedCacheOptions<V = unknown> {
  /** An answer older than this is computed again before it is served. 0 turns the cache off. */
  maxAgeMs: number;
  /** Cached lists kept at most (least recently used go first). */
  maxEntries: number;
  /** With `sizeOf`, the most bytes the kept values may take together (least recently used go first). */
  maxBytes?: number;
  /** About how many bytes a value takes in memory. */
  sizeOf?: (value: V) => number;
  /**
   * The share of a list's posts that may be newer than it before it is computed again: with 0.1, a
   * 500-post list stays until 50 newer posts arrive, a 3-post list is redone on its first new post.
   */
  newPostShare: number;
  /** Counts each item's new posts (one per process, shared by the caches). */
  tracker: NewPostTracker;
  /**
   * Whether a request waits for the tracker to read the store before judging a list (tests, which
   * read what they just wrote). Otherwise the tracker reads in the background and a cached answer is
   * pure memory.
   */
  checkOnRequest?: boolean;
  now: Clock;
}

/** How to compute a list, and the item it belongs to (the tracker's key: "hashtag:network:name"...). */
export interface RelatedSource<V> {
  item: string;
  compute(): Promise<ComputedRelated<V>>;
}

interface Entry<V> extends ComputedRelated<V> {
  computedAt: number;
  watch: Watch;
}

/**
 * Related lists per item (and ranking), kept in memory: one answer costs milliseconds of reading and
 * counting, a cached one microseconds. An answer is served while it is younger than maxAgeMs and
 * fewer than newPostShare of its posts are newer than it, as the tracker counted them; otherwise it
 * is computed again. Each process keeps its own cache, so nothing is shared that could be corrupted
 * (docs/decisions/016-related-cache.md). Concurrent misses of one key share one computation.
 */
export class RelatedCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly computing = new Map<string, Promise<Entry<V>>>();

  /** Whether answers are kept at all (RELATED_CACHE_SECONDS and RELATED_CACHE_ENTRIES above 0). */
  get isOn(): boolean {
    return this.options.maxAgeMs > 0 && this.options.maxEntries > 0;
  }

  constructor(private readonly options: RelatedCacheOptions<V>) {
    const { sizeOf, maxBytes } = options;
    this.entries = new LRUCache<string, Entry<V>>({
      max: Math.max(1, options.maxEntries),
      ...(sizeOf &&
        maxBytes && {
          maxSize: maxBytes,
          sizeCalculation: (entry: Entry<V>) => Math.max(1, Math.ceil(sizeOf(entry.value))),
        }),
      dispose: (entry) => options.tracker.unwatch(entry.watch),
    });
  }

  async get(key: string, source: RelatedSource<V>): Promise<V> {
    if (!this.isOn) return (await source.compute()).value;
    const cached = this.entries.get(key);
    if (cached) {
      if (this.options.checkOnRequest) await this.options.tracker.catchUp();
      if (this.isFresh(cached)) return cached.value;
    }
    return (await this.compute(key, source)).value;
  }

  /** Forgets every list (say, after tags were banned or unbanned). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private isFresh(entry: Entry<V>): boolean {
    if (this.now() - entry.computedAt >= this.options.maxAgeMs) return false;
    // An item with no posts yet: any new post changes its (empty) list.
    const allowed = Math.max(1, Math.ceil(entry.postCount * this.options.newPostShare));
    return this.options.tracker.newerSince(entry.watch) < allowed;
  }

  private compute(key: string, source: RelatedSource<V>): Promise<Entry<V>> {
    const running = this.computing.get(key);
    if (running) return running;
    const { tracker } = this.options;
    const computedAt = this.now();
    const promise = (async () => {
      if (!tracker.isReady) await tracker.catchUp();
      // Watched before the read, so every post the list may miss is counted (some it holds may be too).
      const isCounted = tracker.isReady;
      const watch = tracker.watch(source.item);
      let computed: ComputedRelated<V>;
      try {
        computed = await source.compute();
      } catch (error) {
        tracker.unwatch(watch);
        throw error;
      }
      const entry = { ...computed, computedAt, watch };
      // Without a watermark new posts cannot be counted: the list is served but not kept.
      if (isCounted) this.entries.set(key, entry);
      // Not kept (uncounted, or larger than maxBytes allows): nothing will dispose of its watch.
      if (this.entries.peek(key) !== entry) tracker.unwatch(watch);
      return entry;
    })().finally(() => this.computing.delete(key));
    this.computing.set(key, promise);
    return promise;
  }

  private now(): number {
    return this.options.now();
  }
}
