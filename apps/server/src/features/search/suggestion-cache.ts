import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.js';
import type { HashtagRow } from './hashtag-row.js';

export interface SuggestionCacheOptions {
  /** An answer older than this is read from the store again. 0 turns the cache off. */
  maxAgeMs: number;
  /** Answers kept at most (least recently used go first). */
  maxEntries: number;
  now: Clock;
}

/**
 * Autocomplete answers per network and prefix: the tags whose search key starts with the prefix's
 * (the tag named as the prefix excluded), most used first. The exact tag is not kept here: it is read on every request, so a tag
 * typed in full, being indexed or just indexed, answers as the store does (decision 019).
 */
export class SuggestionCache {
  private readonly entries: LRUCache<string, HashtagRow[]> | undefined;

  constructor(options: SuggestionCacheOptions) {
    if (options.maxAgeMs <= 0 || options.maxEntries <= 0) return;
    this.entries = new LRUCache<string, HashtagRow[]>({
      max: options.maxEntries,
      ttl: options.maxAgeMs,
      // Read the clock on every lookup (lru-cache would otherwise reuse one reading for a millisecond).
      ttlResolution: 0,
      perf: { now: options.now },
    });
  }

  get(network: string, prefix: string): HashtagRow[] | undefined {
    return this.entries?.get(`${network}:${prefix}`);
  }

  /** Keeps an answer, unless a tag in it is being indexed: that one must show its count once it has one. */
  set(network: string, prefix: string, rows: HashtagRow[]): void {
    if (rows.some((row) => row.count_state === 'indexing')) return;
    this.entries?.set(`${network}:${prefix}`, rows);
  }

  /** Forgets every answer (say, after tags were banned or crowd counts changed). */
  clear(): void {
    this.entries?.clear();
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }
}
