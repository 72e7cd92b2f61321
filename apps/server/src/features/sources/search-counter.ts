/**
 * Searches per tag, counted in memory and written in one transaction now and then, so a search
 * never waits for a write (background seeding reads the totals).
 */
export class SearchCounter {
  private counts = new Map<string, number>();

  constructor(private readonly maxNames = 10_000) {}

  add(name: string): void {
    if (this.counts.size >= this.maxNames && !this.counts.has(name)) return;
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  /** The counts so far, and a fresh start. */
  take(): Map<string, number> {
    const taken = this.counts;
    this.counts = new Map();
    return taken;
  }
}
