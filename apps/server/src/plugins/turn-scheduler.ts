import { FairQueue } from './fair-queue.js';

export interface TurnSchedulerOptions {
  /** Request work per event-loop turn before the rest waits for later turns, ms (see the class). */
  turnBudgetMs: number;
  /** A request that waited longer than this is answered by its `late` instead of started, ms. */
  maxWaitMs: number;
  /** The clock (tests pass their own). */
  now?: () => number;
  /**
   * Whether a request of `client` that may be shed can start now (a cap on those being answered at
   * once, in all and per client); always by default.
   */
  hasRoom?: (client: string) => boolean;
}

export interface Admission {
  /** Runs the request. */
  start(): void;
  /**
   * Answers a request that waited past maxWaitMs (e.g. a fast 503). Without it the request may not
   * be shed: it goes before the others, needs no room and starts however late.
   */
  late?: () => void;
  /** Whose request it is (see FairQueue): clients take turns. */
  client?: string;
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
 * or a client timeout (bench/HISTORY.md, "Overload: one accept per loop turn").
 *
 * Requests start at once (`startsNow`) until the turn has spent `turnBudgetMs` on them; later ones
 * `wait` in arrival order. Waiting requests are started from setImmediate callbacks (the loop's
 * check phase, after the poll phase that reads requests), one per callback, for another
 * `turnBudgetMs`; Node finishes each callback's promise work before the next callback, so the clock
 * sees each request's cost. A turn thus does about twice the budget of request work, plus the last
 * request's overrun; each batch of callbacks starts at least one request, so waiting ones always
 * progress. One that waited longer than `maxWaitMs` goes to its `late`.
 *
 * Requests that may be shed also need room (`hasRoom`, a cap on those being answered at once, so
 * each is answered soon after it starts, and on those of one client); they wait per client and
 * clients take turns (FairQueue).
 * Those that may not be shed go first. `roomFreed` resumes the release once a request ends, and
 * `shedLate` answers the ones that waited too long without waiting for their client's turn.
 */
export class TurnScheduler {
  /** Requests that may not be shed, in arrival order: they go first. */
  private readonly first: Waiting[] = [];
  private readonly waiting = new FairQueue<Waiting>();
  private readonly hasRoom: (client: string) => boolean;
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
    this.hasRoom = options.hasRoom ?? (() => true);
  }

  /** Requests waiting for a later turn. */
  get waitingCount(): number {
    return this.first.length + this.waiting.size;
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
    return this.waitingCount === 0 && now - this.turnStartedAt < this.options.turnBudgetMs;
  }

  /** Queues a request that may not start now, for a later turn. */
  wait(admission: Admission): void {
    const waiting = { start: admission.start, late: admission.late, since: this.now() };
    if (waiting.late) this.waiting.push(admission.client ?? '', waiting);
    else this.first.push(waiting);
    if (this.slotsPending === 0 && this.canRelease()) this.scheduleBatch();
  }

  /** A request that needed room has ended: waiting ones may start. */
  roomFreed(): void {
    if (this.slotsPending === 0 && this.canRelease()) this.scheduleBatch();
  }

  /** Answers, with their `late`, the requests that have waited longer than maxWaitMs. */
  shedLate(): void {
    if (this.waiting.size === 0) return;
    for (const waiting of this.waiting.takeOlderThan(this.now() - this.options.maxWaitMs)) waiting.late?.();
  }

  private canRelease(): boolean {
    return this.first.length > 0 || this.waiting.hasServable(this.hasRoom);
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
    if (this.canRelease()) this.scheduleBatch();
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
      const next = this.first.shift() ?? this.waiting.shift(this.hasRoom);
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
