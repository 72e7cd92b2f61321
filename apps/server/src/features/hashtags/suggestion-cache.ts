/**
 * A small in-process cache with a short time to live, for the answers that are costly to compute
 * and asked often (autocomplete on one or two letters over a million tags). Bounded: the oldest
 * entry goes when it is full.
 */
export class SuggestionCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(private readonly options: { maxEntries: number; ttlMs: number; now?: () => number }) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.options.maxEntries <= 0 || this.options.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
