import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.js';

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

/** A change to what a tag answers (its count, state or banned flag), as triggers note them (migration 023). */
export interface TagChange {
  id: number;
  network: string;
  name: string;
}

/** How the tracker reads the feed of tag changes (new-posts.repository.ts). */
export interface TagChangeReader {
  /** The highest change id, 0 when there is none. */
  lastChangeId(): Promise<number>;
  /** Changes with an id above `afterId` (at most `limit` of them, lowest first) and those among `ids`. */
  changesAfter(afterId: number, ids: readonly number[], limit: number): Promise<TagChange[]>;
  /** Forgets changes with an id below `id`. */
  pruneBelow(id: number): Promise<void>;
}

/**
 * How the tracker learns of changes it cannot read as new posts or tag rows: posts removed or
 * rewritten and crowd values taken back (an administrator's purge). new-posts.repository.ts.
 */
export interface ResetReader {
  /** The store's latest reset: a mark that changes with each one, undefined before the first. */
  lastReset(): Promise<string | undefined>;
}

/**
 * Called after a pass with the tags (`network:name`) that new posts carry or whose row changed, or
 * 'all' when a pass could not say (a bulk write, a reset).
 */
export type TagListener = (tags: ReadonlySet<string> | 'all') => void;

export interface NewPostTrackerOptions {
  reader: NewPostReader;
  /** The feed of tag changes; without it only posts are read. */
  changes?: TagChangeReader;
  /** The store's resets; without it only posts and tag changes are read. */
  resets?: ResetReader;
  /** Between two reads in the background; 0 reads only when asked (`catchUp`). */
  intervalMs: number;
  /** A missing id (a transaction that may still commit) is looked for again this long. */
  gapMs: number;
  log: (message: string, error?: unknown) => void;
  now: Clock;
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
/** Every this many passes, changes this far below the watermark are deleted (about every 5 minutes). */
const PRUNE_EVERY_PASSES = 300;
const CHANGES_KEPT = 100_000;

/**
 * A watermark on an id-ordered table that other transactions write to. On PostgreSQL ids are taken
 * before commit, so a row may appear below the watermark after it moved past: every id missing in a
 * read is looked for again in later reads for `gapMs`.
 */
class Watermark {
  value: number | undefined;
  /** Ids missing below the watermark, with when they were first missed. */
  private readonly gaps = new Map<number, number>();

  /** The missing ids still worth looking for. */
  missing(now: number, gapMs: number): number[] {
    for (const [id, missedAt] of this.gaps) if (now - missedAt >= gapMs) this.gaps.delete(id);
    return [...this.gaps.keys()];
  }

  /** Moves past what a read found (rows above the watermark and missing ones found). */
  advance(found: readonly { id: number }[], now: number): void {
    const from = this.value ?? 0;
    let expected = from + 1;
    let highest = from;
    for (const { id } of found) {
      this.gaps.delete(id);
      if (id <= from) continue;
      for (; expected < id && this.gaps.size < GAPS_KEPT; expected++) this.gaps.set(expected, now);
      expected = id + 1;
      highest = Math.max(highest, id);
    }
    this.value = highest;
  }

  /** After a bulk write: nothing below `id` is looked for any more. */
  reset(id: number): void {
    this.gaps.clear();
    this.value = id;
  }
}

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
  private readonly posts = new Watermark();
  private readonly changes = new Watermark();
  private readonly listeners: TagListener[] = [];
  private passes = 0;
  private readonly counts = new Map<string, { watchers: number; newer: number }>();
  private readonly tagNames = new LRUCache<number, string>({ max: 100_000 });
  /** Bumped when a pass cannot say which items got posts, and on a reset: every list is stale. */
  private epoch = 0;
  /** The last reset seen. */
  private resetMark: string | undefined;
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
    return this.posts.value !== undefined;
  }

  /** Tells the listener, after every pass, which tags' rows may have changed (tag-row-cache.ts). */
  onTags(listener: TagListener): void {
    this.listeners.push(listener);
  }

  /**
   * After a change no new post shows (a purge removed or rewrote posts, took crowd values back):
   * every list is stale and every listener is told 'all'. `mark` is the reset as the store keeps it,
   * so this process's next read does not count it again.
   */
  reset(mark: string | undefined): void {
    this.resetMark = mark;
    this.epoch++;
    this.tell('all');
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
    const { reader, changes, resets } = this.options;
    if (this.posts.value === undefined) {
      // Resets and changes first: one made between the reads is read again, never missed.
      if (resets) this.resetMark = await resets.lastReset();
      if (changes) this.changes.reset(await changes.lastChangeId());
      this.posts.reset(await reader.lastPostId());
      return;
    }
    // A reset is written after what it resets committed: lists read from here on see all of it.
    if (resets) {
      const mark = await resets.lastReset();
      if (mark !== this.resetMark) this.reset(mark);
    }
    const now = this.now();
    // Told before posts are read, so a failing read of posts cannot lose them.
    const changed = changes && (await this.readChanges(changes, now));
    if (changed === 'all' || (changed && changed.size > 0)) this.tell(changed);
    const tags = new Set<string>();
    const from = this.posts.value;
    const posts = await reader.postsAfter(from, this.posts.missing(now, this.options.gapMs), POSTS_PER_PASS);
    if (posts.filter((post) => post.id > from).length >= POSTS_PER_PASS) {
      this.epoch++;
      this.posts.reset(await reader.lastPostId());
      this.tell('all');
      return;
    }
    await this.learnTagNames(posts);
    for (const post of posts) {
      for (const item of this.itemsOf(post)) {
        const count = this.counts.get(item);
        if (count) count.newer++;
      }
      for (const id of post.tagIds) {
        const name = this.tagNames.get(id);
        if (name !== undefined) tags.add(`${post.network}:${name}`);
      }
    }
    this.posts.advance(posts, now);
    if (tags.size > 0) this.tell(tags);
  }

  /** The tags changed since the last pass, or 'all' when there were too many to list. */
  private async readChanges(changes: TagChangeReader, now: number): Promise<Set<string> | 'all'> {
    const from = this.changes.value ?? 0;
    const found = await changes.changesAfter(
      from,
      this.changes.missing(now, this.options.gapMs),
      POSTS_PER_PASS,
    );
    if (++this.passes % PRUNE_EVERY_PASSES === 0 && from > CHANGES_KEPT)
      await changes.pruneBelow(from - CHANGES_KEPT);
    if (found.filter((change) => change.id > from).length >= POSTS_PER_PASS) {
      this.changes.reset(await changes.lastChangeId());
      return 'all';
    }
    this.changes.advance(found, now);
    return new Set(found.map((change) => `${change.network}:${change.name}`));
  }

  private tell(tags: ReadonlySet<string> | 'all'): void {
    for (const listener of this.listeners) listener(tags);
  }

  private async learnTagNames(posts: TrackedPost[]): Promise<void> {
    const unknown = new Set<number>();
    for (const post of posts) for (const id of post.tagIds) if (!this.tagNames.has(id)) unknown.add(id);
    if (unknown.size === 0) return;
    for (const [id, name] of await this.options.reader.tagNames([...unknown])) this.tagNames.set(id, name);
  }

  /** The keys the related caches give the post's items (related.service.ts relatedKeyOf). */
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
    return this.options.now();
  }
}
