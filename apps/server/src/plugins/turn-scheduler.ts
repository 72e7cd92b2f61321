export interface TurnSchedulerOptions {
  /** Request work per event-loop turn before the rest waits for later turns, ms (see the class). */
  turnBudgetMs: number;
  /** A request that waited longer than this is answered by its `late` instead of started, ms. */
  maxWaitMs: number;
  /** The clock (tests pass their own). */
  now?: () => number;
}

export interface Admission {
  /** Runs the request. */
  start(): void;
  /** Answers a request that waited past maxWaitMs (e.g. a fast 503). Without it, it starts however late. */
  late?: () => void;
}

/** Release callbacks per turn at most (requests of 10 µs would fit 200 in a 2 ms budget). */
const MAX_SLOTS_PER_TURN = 256;

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
 * or a client timeout (bench/README.md, "Overload: one accept per loop turn").
 *
 * Requests start at once (`startsNow`) until the turn has spent `turnBudgetMs` on them; later ones
 * `wait` in arrival order. Waiting requests are started from setImmediate callbacks (the loop's
 * check phase, after the poll phase that reads requests), one per callback, for another
 * `turnBudgetMs`; Node finishes each callback's promise work before the next callback, so the clock
 * sees each request's cost. A turn thus does about twice the budget of request work, plus the last
 * request's overrun; each batch of callbacks starts at least one request, so waiting ones always
 * progress. One that waited longer than `maxWaitMs` goes to its `late`.
 */
export class TurnScheduler {
  private readonly waiting: Waiting[] = [];
  private readonly now: () => number;
  /** When this turn's first request started; undefined once its poll phase has ended. */
  private turnStartedAt: number | undefined;
  /** Whether an endTurn callback is pending. */
  private turnEndPending = false;
  /** Release callbacks pending, all run in one check phase (a batch). */
  private slotsPending = 0;
  /** When the pending batch's first callback ran; undefined until it has. */
  private batchStartedAt: number | undefined;
  /** How many release callbacks a batch has: adapts to how many fit the budget. */
  private slotsPerTurn = 8;
  private releasedThisBatch = 0;
  private budgetSpent = false;

  constructor(private readonly options: TurnSchedulerOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Requests waiting for a later turn. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /**
   * Whether a request arriving now may start at once: nothing waits and this turn's budget lasts.
   * Otherwise it must `wait`.
   */
  startsNow(): boolean {
    const now = this.now();
    if (this.turnStartedAt === undefined) {
      this.turnStartedAt = now;
      this.armTurnEnd();
    }
    return this.waiting.length === 0 && now - this.turnStartedAt < this.options.turnBudgetMs;
  }

  /** Queues a request that may not start now, for a later turn. */
  wait(admission: Admission): void {
    this.waiting.push({ start: admission.start, late: admission.late, since: this.now() });
    if (this.slotsPending === 0) this.scheduleBatch();
  }

  private armTurnEnd(): void {
    if (this.turnEndPending) return;
    this.turnEndPending = true;
    setImmediate(this.endTurn);
  }

  /** In the check phase: the poll phase's requests have run, the next poll phase gets a fresh budget. */
  private readonly endTurn = () => {
    this.turnEndPending = false;
    this.turnStartedAt = undefined;
  };

  /**
   * Release callbacks, all for one check phase. Spare ones do nothing; a batch has as many as fitted
   * the last one's budget, and a few more.
   */
  private scheduleBatch(): void {
    this.batchStartedAt = undefined;
    this.slotsPending = this.slotsPerTurn;
    for (let slot = 0; slot < this.slotsPending; slot++) setImmediate(this.releaseOne);
  }

  private readonly releaseOne = () => {
    this.slotsPending--;
    const now = this.now();
    if (this.batchStartedAt === undefined) {
      // The batch's first callback: the poll phase before it has ended.
      this.batchStartedAt = now;
      this.turnStartedAt = undefined;
    }
    if (!this.budgetSpent) this.releaseNext(now);
    if (this.slotsPending > 0) return;
    this.slotsPerTurn = this.budgetSpent
      ? Math.max(1, this.releasedThisBatch + 2)
      : Math.min(MAX_SLOTS_PER_TURN, this.slotsPerTurn * 2);
    this.releasedThisBatch = 0;
    this.budgetSpent = false;
    if (this.waiting.length > 0) this.scheduleBatch();
  };

  /** Answers the late ones at the head and starts the next, while the batch's budget lasts. */
  private releaseNext(now: number): void {
    const batchStartedAt = this.batchStartedAt ?? now;
    let clock = now;
    for (;;) {
      if (clock - batchStartedAt >= this.options.turnBudgetMs && this.releasedThisBatch > 0) {
        this.budgetSpent = true;
        return;
      }
      const next = this.waiting.shift();
      if (!next) return;
      this.releasedThisBatch++;
      if (next.late && clock - next.since > this.options.maxWaitMs) {
        next.late();
        clock = this.now();
        continue;
      }
      next.start();
      return;
    }
  }
}
