import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.js';
import type { NewPostTracker } from '../related/new-post-tracker.js';
import type { HashtagRow } from './hashtag-row.js';

export interface TagRowCacheOptions {
  /** Rows kept at most (least recently used go first). 0 turns the cache off. */
  maxEntries: number;
  /** A row older than this is read again, whatever the tracker saw. 0 turns the cache off. */
  maxAgeMs: number;
  /** Tells which tags new posts carry or whose rows changed (one per process). */
  tracker: NewPostTracker;
  /** Whether a request waits for the tracker to read the store first (tests, which read what they wrote). */
  checkOnRequest?: boolean;
  now: Clock;
}

/** A row read by id: its id and network besides. */
export type RowWithId = HashtagRow & { id: number; network: string };

/** Rows read by id, as a map from id to row. */
export function rowsById(found: readonly RowWithId[]): Map<number, HashtagRow> {
  const rows = new Map<number, HashtagRow>();
  for (const { id, network: _, ...row } of found) rows.set(id, row);
  return rows;
}

/** A name's row as the store answered it; null when the store holds none. */
interface Entry {
  row: HashtagRow | null;
  /** The tag's id, when the row was read by id. */
  id?: number;
  /** When the row was read (the cache's clock). */
  readAt: number;
}

/**
 * Tags' rows (count, count state, banned) per network and name, and names the store does not hold,
 * kept in memory so counts and the tag typed in full answer without a round trip (decision 020). A
 * row is forgotten when the tracker's read (about once a second) finds a new post carrying the tag or
 * a change to its row, by any process; this process's own admin changes forget every row at once.
 * A tag being indexed is never kept: its requests go on asking the store and the live source.
 * Related lists and suggestion windows read their tags by id through the same rows: a tag's id never
 * goes to another tag while the server runs (the product deletes no tag; a store emptied behind its
 * back must be followed by forgetChangedAnswers, as a purge is).
 */
export class TagRowCache {
  private readonly entries: LRUCache<string, Entry> | undefined;
  /**
   * The entries read by id, by id, while the LRU holds them (its dispose takes them out): a related
   * list or a suggestion window looks up thousands of ids, and a Map lookup with one clock read per
   * call took half the time of the LRU's lookup, which reads the clock each time. A hit here does not
   * make the row recently used in the LRU.
   */
  private readonly byId = new Map<number, Entry>();
  /** Bumped whenever rows are forgotten: a read that started before is served but not kept. */
  private generation = 0;

  constructor(private readonly options: TagRowCacheOptions) {
    if (options.maxEntries <= 0 || options.maxAgeMs <= 0) return;
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries,
      ttl: options.maxAgeMs,
      ttlResolution: 0,
      perf: { now: options.now },
      dispose: (entry) => {
        if (entry.id !== undefined && this.byId.get(entry.id) === entry) this.byId.delete(entry.id);
      },
    });
    options.tracker.onTags((tags) => {
      if (tags === 'all') return this.forget();
      this.generation++;
      for (const tag of tags) this.entries?.delete(tag);
    });
  }

  /**
   * The rows of those of `names` the store holds (in no particular order), from memory where kept;
   * the others are read with `read` in one call.
   */
  async rowsOf(
    network: string,
    names: readonly string[],
    read: (names: readonly string[]) => Promise<HashtagRow[]>,
  ): Promise<HashtagRow[]> {
    const { entries } = this;
    const { tracker } = this.options;
    if (!entries) return read(names);
    if (this.options.checkOnRequest || !tracker.isReady) await tracker.catchUp();
    const rows: HashtagRow[] = [];
    const missing: string[] = [];
    for (const name of names) {
      const entry = entries.get(`${network}:${name}`);
      if (!entry) missing.push(name);
      else if (entry.row) rows.push(entry.row);
    }
    if (missing.length === 0) return rows;
    const generation = this.generation;
    const found = await read(missing);
    // Without a watermark, changes to these rows could not be seen: served, not kept.
    if (generation === this.generation && tracker.isReady) {
      const byName = new Map(found.map((row) => [row.name, row]));
      for (const name of missing) {
        const row = byName.get(name) ?? null;
        if (row?.count_state !== 'indexing') entries.set(`${network}:${name}`, { row, readAt: this.now() });
      }
    }
    return rows.concat(found);
  }

  /**
   * The rows of those of `ids` the store holds, by id, from memory where kept (rows read by id); the
   * others are read with `read` in one call, which answers each with its id and network.
   */
  async rowsOfIds(
    ids: readonly number[],
    read: (ids: readonly number[]) => Promise<RowWithId[]>,
  ): Promise<Map<number, HashtagRow>> {
    const { entries, byId } = this;
    const { tracker, maxAgeMs } = this.options;
    if (!entries) return rowsById(await read(ids));
    const rows = new Map<number, HashtagRow>();
    if (this.options.checkOnRequest || !tracker.isReady) await tracker.catchUp();
    const now = this.now();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = byId.get(id);
      if (entry?.row && now - entry.readAt < maxAgeMs) rows.set(id, entry.row);
      else missing.push(id);
    }
    if (missing.length === 0) return rows;
    const generation = this.generation;
    const found = await read(missing);
    const keep = generation === this.generation && tracker.isReady;
    const readAt = this.now();
    for (const { id, network, ...row } of found) {
      rows.set(id, row);
      if (!keep || row.count_state === 'indexing') continue;
      const entry: Entry = { row, id, readAt };
      entries.set(`${network}:${row.name}`, entry);
      byId.set(id, entry);
    }
    return rows;
  }

  /** Forgets every row (say, after tags were banned or crowd counts changed in this process). */
  forget(): void {
    this.generation++;
    this.entries?.clear();
    // A purge may delete a tag and its id go to another.
    this.byId.clear();
  }

  private now(): number {
    return this.options.now();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
