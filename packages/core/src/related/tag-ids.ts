/**
 * Small whole numbers for tag names, shared by every list suggestion's windows, so a call merges
 * 30 windows' tags in typed arrays instead of maps of strings (issue 33: a 30-tag list reads about
 * 15,000 posts' tags). The numbering starts again once it holds `limit` names (a live network keeps
 * bringing new ones); whatever was numbered before reads `generation` and numbers its names again.
 */
export class TagIds {
  private ids = new Map<string, number>();
  private names: string[] = [];
  generation = 0;

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.names.length;
  }

  idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  nameOf(id: number): string {
    return this.names[id]!;
  }

  /** Starts the numbering again when it is full (between calls, never during one). */
  startAgainIfFull(): void {
    if (this.names.length >= this.limit) this.startAgain();
  }

  startAgain(): void {
    this.ids = new Map();
    this.names = [];
    this.generation++;
  }
}

/**
 * Per-tag counters for one call, indexed by tag id and cleared by the call for the ids it touched
 * (calls run one at a time: nothing here awaits).
 */
export class TagScratch {
  sums = new Int32Array(0);
  lists = new Int32Array(0);
  scores = new Float64Array(0);
  counts = new Float64Array(0);
  /** 1: a tag of the user's list; 2: a candidate. */
  marks = new Uint8Array(0);

  /** Room for ids below `size` (every counter is zero between calls, so nothing is copied). */
  fit(size: number): void {
    if (this.sums.length >= size) return;
    const capacity = Math.max(size, this.sums.length * 2, 1024);
    this.sums = new Int32Array(capacity);
    this.lists = new Int32Array(capacity);
    this.scores = new Float64Array(capacity);
    this.counts = new Float64Array(capacity);
    this.marks = new Uint8Array(capacity);
  }

  clear(ids: Iterable<number>): void {
    for (const id of ids) {
      this.sums[id] = 0;
      this.lists[id] = 0;
      this.scores[id] = 0;
      this.counts[id] = 0;
      this.marks[id] = 0;
    }
  }
}
