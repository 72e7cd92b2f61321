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
 * or a client timeout (bench/README.md, "Overload: one accept per loop turn"). Here requests start at
 * once (`startsNow`) until the turn has spent `turnBudgetMs`; later ones `wait` in arrival order and
 * are started a budget's worth per turn from setImmediate callbacks (the loop's check phase; Node
 * finishes each callback's promise work before the next, so the clock sees each request's cost).
 * A request that waited longer than `maxWaitMs` goes to its `late` instead.
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
  /** Release callbacks pending for the coming check phase (one request each, at most). */
  private slotsPending = 0;
  /** How many release callbacks to schedule per turn: adapts to how many fit the budget. */
  private slotsPerTurn = 8;
  private releasedThisTurn = 0;
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
    if (this.slotsPending === 0) this.scheduleSlots();
  }

  private armTurnEnd(): void {
    if (this.turnEndPending) return;
    this.turnEndPending = true;
    setImmediate(this.endTurn);
  }

  /**
   * Release callbacks for the next check phase. Each is its own setImmediate callback because Node
   * runs a callback's promise work before the next one: the clock then sees each request's cost.
   */
  private scheduleSlots(): void {
    this.armTurnEnd();
    this.slotsPending = Math.min(this.waiting.length, this.slotsPerTurn);
    for (let slot = 0; slot < this.slotsPending; slot++) setImmediate(this.releaseOne);
  }

  /** First of a check phase's callbacks: the requests of the turn's poll phase have all run. */
  private readonly endTurn = () => {
    this.turnEndPending = false;
    this.turnStartedAt = undefined;
    this.releaseStartedAt = this.now();
  };

  /** Starts the oldest waiting request while the turn's budget lasts. */
  private readonly releaseOne = () => {
    this.slotsPending--;
    const now = this.now();
    if (!this.budgetSpent && now - this.releaseStartedAt >= this.options.turnBudgetMs)
      this.budgetSpent = true;
    if (!this.budgetSpent) {
      // Late ones are answered cheaply, all at once, ahead of the next one to run.
      while (this.waiting.length > 0 && now - this.waiting[0]!.since > this.options.maxWaitMs) {
        this.waiting.shift()!.late();
      }
      const next = this.waiting.shift();
      if (next) {
        this.releasedThisTurn++;
        next.start();
      }
    }
    if (this.slotsPending > 0) return;
    // The turn's last release callback: as many next turn as fitted this one, and a few more.
    this.slotsPerTurn = this.budgetSpent
      ? Math.max(1, this.releasedThisTurn + 2)
      : Math.min(MAX_SLOTS_PER_TURN, this.slotsPerTurn * 2);
    this.releasedThisTurn = 0;
    this.budgetSpent = false;
    if (this.waiting.length > 0) this.scheduleSlots();
  };
}
