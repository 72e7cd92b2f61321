/** Events per second over the last `windowSeconds` whole seconds (per-second buckets). */
export class RateMeter {
  private readonly buckets: number[];
  private lastSecond = 0;

  constructor(
    private readonly now: () => number,
    private readonly windowSeconds = 10,
  ) {
    this.buckets = new Array(windowSeconds).fill(0);
  }

  add(count: number): void {
    this.advance();
    this.buckets[this.lastSecond % this.windowSeconds]! += count;
  }

  perSecond(): number {
    this.advance();
    // The current second is still filling: average over the full ones before it.
    const current = this.lastSecond % this.windowSeconds;
    const total = this.buckets.reduce((sum, count, index) => (index === current ? sum : sum + count), 0);
    return Math.round(total / (this.windowSeconds - 1));
  }

  private advance(): void {
    const second = Math.floor(this.now() / 1000);
    if (second - this.lastSecond >= this.windowSeconds) this.buckets.fill(0);
    else for (let s = this.lastSecond + 1; s <= second; s++) this.buckets[s % this.windowSeconds] = 0;
    this.lastSecond = Math.max(second, this.lastSecond);
  }
}
