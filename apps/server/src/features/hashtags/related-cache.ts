import { LRUCache } from 'lru-cache';

/** Where an item's newest read post sits in its link table's key: (taken_at, post_id). */
export interface PostCursor {
  takenAt: number;
  postId: number;
}

/** A computed related list with what the cache needs to judge its freshness. */
export interface ComputedRelated<V> {
  value: V;
  /** How many posts the list came from (the window, or fewer for a small item). */
  postCount: number;
  /** The newest of those posts; undefined when the item had none. */
  newest: PostCursor | undefined;
}

export interface RelatedCacheOptions {
  /** An answer older than this is computed again before it is served. 0 turns the cache off. */
  maxAgeMs: number;
  /** Cached lists kept at most (least recently used go first). */
  maxEntries: number;
  /**
   * The share of a list's posts that may be newer than it before it is computed again: with 0.1, a
   * 500-post list stays until 50 newer posts arrive, a 3-post list is redone on its first new post.
   */
  newPostShare: number;
  /**
   * A list checked against the store this recently is served without checking again, so a cached
   * answer is pure memory (on PostgreSQL the check is a round trip). 0 checks on every request.
   */
  recheckAfterMs?: number;
  now?: () => number;
}

/** How to compute a list and how to count the item's posts newer than a cursor (at most `cap`). */
export interface RelatedSource<V> {
  compute(): Promise<ComputedRelated<V>>;
  countNewer(since: PostCursor, cap: number): Promise<number>;
}

/** Times are epoch seconds and post ids row ids: both 0 or more. */
const BEFORE_EVERY_POST: PostCursor = { takenAt: -1, postId: -1 };

interface Entry<V> extends ComputedRelated<V> {
  computedAt: number;
  /** When the store last confirmed the list was fresh. */
  checkedAt: number;
}

/**
 * Related lists per item (and ranking), kept in memory: one answer costs milliseconds of reading and
 * counting, a cached one microseconds. An answer is served while it is younger than maxAgeMs and
 * fewer than newPostShare of its posts are newer than it (one indexed count, capped, per request);
 * otherwise it is computed again. The check reads the store, so posts written by another process
 * are seen too; each process keeps its own cache, so nothing is shared that could be corrupted
 * (docs/decisions/016-related-cache.md). Concurrent misses of one key share one computation.
 */
export class RelatedCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly computing = new Map<string, Promise<Entry<V>>>();

  constructor(private readonly options: RelatedCacheOptions) {
    this.entries = new LRUCache<string, Entry<V>>({ max: Math.max(1, options.maxEntries) });
  }

  async get(key: string, source: RelatedSource<V>): Promise<V> {
    if (this.options.maxAgeMs <= 0 || this.options.maxEntries <= 0) return (await source.compute()).value;
    const cached = this.entries.get(key);
    if (cached && (await this.isFresh(cached, source))) return cached.value;
    return (await this.compute(key, source)).value;
  }

  /** Forgets every list (say, after tags were banned or unbanned). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private async isFresh(entry: Entry<V>, source: RelatedSource<V>): Promise<boolean> {
    const now = this.now();
    if (now - entry.computedAt >= this.options.maxAgeMs) return false;
    if (now - entry.checkedAt < (this.options.recheckAfterMs ?? 0)) return true;
    // An item with no posts yet: any new post changes its (empty) list.
    const allowed = Math.max(1, Math.ceil(entry.postCount * this.options.newPostShare));
    const since = entry.newest ?? BEFORE_EVERY_POST;
    const isFresh = (await source.countNewer(since, allowed)) < allowed;
    if (isFresh) entry.checkedAt = now;
    return isFresh;
  }

  private compute(key: string, source: RelatedSource<V>): Promise<Entry<V>> {
    const running = this.computing.get(key);
    if (running) return running;
    const computedAt = this.now();
    const promise = source
      .compute()
      .then((computed) => {
        const entry = { ...computed, computedAt, checkedAt: computedAt };
        this.entries.set(key, entry);
        return entry;
      })
      .finally(() => this.computing.delete(key));
    this.computing.set(key, promise);
    return promise;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
