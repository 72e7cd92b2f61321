/** An item that waits, with when it began waiting. */
export interface Queued {
  since: number;
}

/**
 * Items waiting for their turn, one queue per client, taken from the clients in rotation: a client
 * with 300 requests waiting and one with 1 each get the next turn in turn, so the one cannot starve
 * the other. Each client's own items keep their arrival order.
 */
export class FairQueue<T extends Queued> {
  /** Clients with items waiting; a Map keeps insertion order, so its first key is next in rotation. */
  private readonly queues = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(client: string, item: T): void {
    const queue = this.queues.get(client);
    if (queue) queue.push(item);
    else this.queues.set(client, [item]);
    this.count++;
  }

  /**
   * The oldest item of the next client in rotation that `canServe` allows (all by default); that
   * client then goes to the back of the rotation.
   */
  shift(canServe: (client: string) => boolean = () => true): T | undefined {
    for (const [client, queue] of this.queues) {
      if (!canServe(client)) continue;
      const item = queue.shift()!;
      this.queues.delete(client);
      if (queue.length > 0) this.queues.set(client, queue);
      this.count--;
      return item;
    }
    return undefined;
  }

  /** Whether any client with items waiting is one `canServe` allows. */
  hasServable(canServe: (client: string) => boolean): boolean {
    for (const client of this.queues.keys()) if (canServe(client)) return true;
    return false;
  }

  /** Takes out every item that began waiting before `since`, oldest of each client first. */
  takeOlderThan(since: number): T[] {
    const taken: T[] = [];
    for (const [client, queue] of this.queues) {
      let stale = 0;
      while (stale < queue.length && queue[stale]!.since < since) stale++;
      if (stale === 0) continue;
      taken.push(...queue.splice(0, stale));
      if (queue.length === 0) this.queues.delete(client);
    }
    this.count -= taken.length;
    return taken;
  }
}
