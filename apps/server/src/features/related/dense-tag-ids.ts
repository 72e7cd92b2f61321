/**
 * The store's tag ids numbered again from 0 in the order suggestion windows first meet them, for one
 * server process (decision 039). A store's ids spread over every tag it ever held (a million on a
 * 2,000,000-post store), and ranking a list counts in arrays indexed by id: dense ids keep those
 * arrays small and the tags windows share (the popular ones, met first) close together, which made
 * ranking with the windows in memory about a third faster on that store. A store id keeps its number
 * while the process runs: the store never gives an id to another tag (decision 035).
 */
export class DenseTagIds {
  /** Each store id's dense id plus one (0: not numbered yet). */
  private denseOf = new Int32Array(1024);
  /** Each dense id's store id. */
  private storeIds = new Int32Array(1024);
  private count = 0;

  idOf(storeId: number): number {
    if (storeId >= this.denseOf.length) {
      const grown = new Int32Array(Math.max(storeId + 1, this.denseOf.length * 2));
      grown.set(this.denseOf);
      this.denseOf = grown;
    }
    let dense = this.denseOf[storeId]!;
    if (dense === 0) {
      if (this.count === this.storeIds.length) {
        const grown = new Int32Array(this.storeIds.length * 2);
        grown.set(this.storeIds);
        this.storeIds = grown;
      }
      this.storeIds[this.count] = storeId;
      dense = ++this.count;
      this.denseOf[storeId] = dense;
    }
    return dense - 1;
  }

  /** The store id a dense id stands for. */
  storeIdOf(id: number): number {
    return this.storeIds[id]!;
  }

  get size(): number {
    return this.count;
  }
}
