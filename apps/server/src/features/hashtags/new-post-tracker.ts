import { LRUCache } from 'lru-cache';

/** A post as the tracker reads it: the items whose related lists it changes. */
export interface TrackedPost {
  id: number;
  network: string;
  tagIds: number[];
  placeId: string | null;
  owner: string | null;
}

/** How the tracker reads the store (new-posts.repository.ts). */
export interface NewPostReader {
  /** The highest post id, 0 when there is none. */
  lastPostId(): Promise<number>;
  /** Posts with an id above `afterId` (at most `limit` of them, lowest first) and those among `ids`. */
  postsAfter(afterId: number, ids: readonly number[], limit: number): Promise<TrackedPost[]>;
  /** Tag names by id. */
  tagNames(ids: readonly number[]): Promise<Map<number, string>>;
}

export interface NewPostTrackerOptions {
  reader: NewPostReader;
  /** Between two reads in the background; 0 reads only when asked (`catchUp`). */
  intervalMs: number;
  /** A missing id (a transaction that may still commit) is looked for again this long. */
  gapMs: number;
  log: (message: string, error?: unknown) => void;
  now?: () => number;
}

/** What a list holds on to: how many new posts its item had when the list was read, in which epoch. */
export interface Watch {
  item: string;
  newer: number;
  epoch: number;
}

/** Posts read in one pass at most; more means a bulk write, after which every list is redone. */
const POSTS_PER_PASS = 20_000;
/** Missing ids looked for again at most. */
const GAPS_KEPT = 1000;

/**
 * Counts new posts per item for the related caches, so a cached list is judged from memory (decision
 * 016): one read per pass of the posts above a watermark on post ids, in the background, never two at
 * once. Only items some list watches are counted. The store is read, so posts written by other
 * processes count too.
 *
 * On PostgreSQL ids are taken before commit, so a post may appear below the watermark after it moved
 * past: every id missing in a pass is looked for again in later passes for `gapMs`. A pass that
 * started before a list was read may count posts the list already holds: that only redoes it sooner.
 */
export class NewPostTracker {
  private watermark: number | undefined;
  /** Ids missing below the watermark, with when they were first missed. */
  private readonly gaps = new Map<number, number>();
  private readonly counts = new Map<string, { watchers: number; newer: number }>();
  private readonly tagNames = new LRUCache<number, string>({ max: 100_000 });
  /** Bumped when a pass cannot say which items got posts: every list is stale. */
  private epoch = 0;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private isFailing = false;

  constructor(private readonly options: NewPostTrackerOptions) {}

  /** Reads the store every intervalMs from now on (when that is above 0). */
  start(): void {
    if (this.timer || this.options.intervalMs <= 0) return;
    void this.catchUp();
    this.timer = setInterval(() => {
      if (!this.running && !this.next) void this.catchUp();
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.next;
    await this.running;
  }

  /** Whether the watermark is set: before that, new posts cannot be counted. */
  get isReady(): boolean {
    return this.watermark !== undefined;
  }

  /** Counts the item's new posts from now until `unwatch`. */
  watch(item: string): Watch {
    let count = this.counts.get(item);
    if (!count) {
      count = { watchers: 0, newer: 0 };
      this.counts.set(item, count);
    }
    count.watchers++;
    return { item, newer: count.newer, epoch: this.epoch };
  }

  unwatch(watch: Watch): void {
    const count = this.counts.get(watch.item);
    if (!count) return;
    count.watchers--;
    if (count.watchers <= 0) this.counts.delete(watch.item);
  }

  /** New posts of the watched item since `watch` (Infinity after a bulk write). */
  newerSince(watch: Watch): number {
    if (watch.epoch !== this.epoch) return Number.POSITIVE_INFINITY;
    return (this.counts.get(watch.item)?.newer ?? 0) - watch.newer;
  }

  /** A pass that starts after this call (joining one already waiting); never rejects. */
  catchUp(): Promise<void> {
    this.next ??= (this.running ?? Promise.resolve()).then(() => {
      this.next = undefined;
      this.running = this.pass().finally(() => {
        this.running = undefined;
      });
      return this.running;
    });
    return this.next;
  }

  private async pass(): Promise<void> {
    try {
      await this.read();
      if (this.isFailing) this.options.log('Related lists: new posts are read again');
      this.isFailing = false;
    } catch (error) {
      // Once per outage, not once a second: cached lists keep being served up to their age.
      if (!this.isFailing) this.options.log('Related lists: reading new posts failed', error);
      this.isFailing = true;
    }
  }

  private async read(): Promise<void> {
    const { reader } = this.options;
    if (this.watermark === undefined) {
      this.watermark = await reader.lastPostId();
      return;
    }
    const now = this.now();
    for (const [id, missedAt] of this.gaps) if (now - missedAt >= this.options.gapMs) this.gaps.delete(id);
    const from = this.watermark;
    const posts = await reader.postsAfter(from, [...this.gaps.keys()], POSTS_PER_PASS);
    const above = posts.filter((post) => post.id > from);
    if (above.length >= POSTS_PER_PASS) {
      this.epoch++;
      this.gaps.clear();
      this.watermark = await reader.lastPostId();
      return;
    }
    await this.learnTagNames(posts);
    for (const post of posts) {
      this.gaps.delete(post.id);
      for (const item of this.itemsOf(post)) {
        const count = this.counts.get(item);
        if (count) count.newer++;
      }
    }
    let expected = from + 1;
    for (const post of above) {
      for (; expected < post.id && this.gaps.size < GAPS_KEPT; expected++) this.gaps.set(expected, now);
      expected = post.id + 1;
    }
    this.watermark = Math.max(from, ...above.map((post) => post.id));
  }

  private async learnTagNames(posts: TrackedPost[]): Promise<void> {
    const unknown = new Set<number>();
    for (const post of posts) for (const id of post.tagIds) if (!this.tagNames.has(id)) unknown.add(id);
    if (unknown.size === 0) return;
    for (const [id, name] of await this.options.reader.tagNames([...unknown])) this.tagNames.set(id, name);
  }

  /** The keys the related caches give the post's items (hashtags.service.ts relatedKeyOf). */
  private itemsOf(post: TrackedPost): string[] {
    const items: string[] = [];
    for (const id of post.tagIds) {
      const name = this.tagNames.get(id);
      if (name !== undefined) items.push(`hashtag:${post.network}:${name}`);
    }
    if (post.placeId !== null) items.push(`place:${post.placeId}`);
    if (post.owner !== null) items.push(`profile:${post.owner}`);
    return items;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
