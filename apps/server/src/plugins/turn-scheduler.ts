export interface TurnSchedulerOptions {
  /** Request work per event-loop turn before the rest waits for later turns, ms. */
  turnBudgetMs: number;
  /** A request that waited longer than this is answered by `late` instead of `start`, ms. */
  maxWaitMs: number;
  /** The clock (tests pass their own). */
  now?: () => number;
}

export interface Admission {
  /** Runs the request. */
  start(): void;
  /** Answers a request that waited past maxWaitMs (e.g. a fast 503); `start` again if it must run anyway. */
  late(): void;
}

interface Waiting extends Admission {
  since: number;
}

/**
 * Bounds how much request work one turn of the event loop does, so that new connections are
 * accepted while the server is overloaded.
 *
 * Node 20 (libuv 1.46) accepts one new connection per loop turn. A turn runs every request that
 * arrived on a ready connection; with hundreds of busy keep-alive connections that is hundreds of
 * requests, and a new connection then waits one whole turn per connection queued before it: seconds,
 * or a client timeout (bench/README.md, "Overload: new connections accepted every turn"). Here a turn
 * starts requests until it has spent `turnBudgetMs`; later ones wait in arrival order and are
 * started a budget's worth per turn from `setImmediate` callbacks (the loop's check phase, where Node
 * finishes each callback's promise work before the next, so the clock sees each request's cost).
 * A request that waited longer than `maxWaitMs` goes to `late`.
 */
export class TurnScheduler {
  private readonly waiting: Waiting[] = [];
  private readonly now: () => number;
  /** When this turn's first request started; undefined once the turn has ended. */
  private turnStartedAt: number | undefined;
  /** Whether an endTurn callback is pending. */
  private turnEndPending = false;
  /** When the current check phase began releasing waiting requests. */
  private releaseStartedAt = 0;

  constructor(private readonly options: TurnSchedulerOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Requests waiting for a later turn. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  admit(admission: Admission): void {
    const now = this.now();
    if (this.turnStartedAt === undefined) {
      this.turnStartedAt = now;
      this.armTurnEnd();
    }
    if (this.waiting.length === 0 && now - this.turnStartedAt < this.options.turnBudgetMs) {
      admission.start();
      return;
    }
    this.waiting.push({ ...admission, since: now });
    setImmediate(this.releaseOne);
  }

  private armTurnEnd(): void {
    if (this.turnEndPending) return;
    this.turnEndPending = true;
    setImmediate(this.endTurn);
  }

  /** First of a check phase's callbacks: the requests of the turn's poll phase have all run. */
  private readonly endTurn = () => {
    this.turnEndPending = false;
    this.turnStartedAt = undefined;
    this.releaseStartedAt = this.now();
  };

  /** One callback per waiting request: starts the oldest, or leaves it to the next turn. */
  private readonly releaseOne = () => {
    const now = this.now();
    if (now - this.releaseStartedAt >= this.options.turnBudgetMs) {
      this.armTurnEnd();
      setImmediate(this.releaseOne);
      return;
    }
    // Late ones are answered cheaply, all at once, ahead of the next one to run.
    while (this.waiting.length > 0 && now - this.waiting[0]!.since > this.options.maxWaitMs) {
      this.waiting.shift()!.late();
    }
    this.waiting.shift()?.start();
  };
}
