import type { SuggestedHashtag } from '@tagscout/core/api';
import { LRUCache } from 'lru-cache';
import type { HashtagWindow } from '../related/related.service.js';

/** Lists whose ranked suggestions are kept (each at most the request's limit, 50). */
const MOST_ANSWERS = 2_000;

/**
 * Suggestions ranked for a list, kept while every window they came from is still the object the
 * window cache holds: a window read again (new posts, its time up, an admin change) is a new object,
 * so the list is ranked again, and a kept answer is always what ranking now would give. Lists are
 * asked again (a reload, the screen opened again, people adding a tag's related tags in the same
 * order), and ranking a 30-tag list takes milliseconds where this takes microseconds.
 */
export class SuggestionAnswers {
  private readonly answers = new LRUCache<string, { windows: number[]; suggestions: SuggestedHashtag[] }>({
    max: MOST_ANSWERS,
  });
  private readonly windowNumbers = new WeakMap<HashtagWindow, number>();
  private lastNumber = 0;

  /** The suggestions for `key` ranked from these very windows, if kept. */
  get(key: string, windows: readonly HashtagWindow[]): SuggestedHashtag[] | undefined {
    const kept = this.answers.get(key);
    if (!kept || kept.windows.length !== windows.length) return undefined;
    return windows.every((window, index) => this.numberOf(window) === kept.windows[index])
      ? kept.suggestions
      : undefined;
  }

  set(key: string, windows: readonly HashtagWindow[], suggestions: SuggestedHashtag[]): void {
    this.answers.set(key, { windows: windows.map((window) => this.numberOf(window)), suggestions });
  }

  // Numbers, not the windows themselves: a kept answer must not keep a window the cache let go.
  private numberOf(window: HashtagWindow): number {
    let number = this.windowNumbers.get(window);
    if (number === undefined) {
      number = ++this.lastNumber;
      this.windowNumbers.set(window, number);
    }
    return number;
  }
}
