import { describe, expect, it } from 'vitest';
import { TurnScheduler } from './turn-scheduler.js';

/** Lets the event loop finish this turn's setImmediate callbacks (the test's own comes after them). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function schedulerWithClock() {
  const clock = { ms: 0 };
  const scheduler = new TurnScheduler({ turnBudgetMs: 2, maxWaitMs: 1000, now: () => clock.ms });
  const started: string[] = [];
  const late: string[] = [];
  /** Admits a request that takes `costMs` of the clock when it runs. */
  const admit = (name: string, costMs = 0) => {
    const start = () => {
      started.push(name);
      clock.ms += costMs;
    };
    if (scheduler.startsNow()) start();
    else scheduler.wait({ start, late: () => late.push(name) });
  };
  return { clock, scheduler, started, late, admit };
}

describe('TurnScheduler', () => {
  it("starts requests at once until the turn's budget is spent, the rest a budget's worth per later turn, in arrival order", async () => {
    const { scheduler, started, admit } = schedulerWithClock();
    admit('a', 1.5);
    admit('b', 2.5);
    expect(started).toEqual(['a', 'b']);
    // The turn has spent 4 ms: the next ones wait for the check phase.
    admit('c', 2.5);
    admit('d', 0.5);
    expect(started).toEqual(['a', 'b']);
    expect(scheduler.waitingCount).toBe(2);

    await nextTurn();
    // c used up this turn's budget; d waits for the next turn.
    expect(started).toEqual(['a', 'b', 'c']);
    // A newcomer waits behind those already waiting, even at the start of a fresh turn.
    admit('e');
    expect(started).toEqual(['a', 'b', 'c']);

    await nextTurn();
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(scheduler.waitingCount).toBe(0);

    // Nothing waiting, a fresh turn: straight through again.
    admit('f');
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('answers a request that waited past maxWaitMs with late, never start, and still starts those within it', async () => {
    const { clock, started, late, admit } = schedulerWithClock();
    admit('a', 3);
    admit('b');
    clock.ms = 500;
    admit('c');
    clock.ms = 1004;
    await nextTurn();
    expect(late).toEqual(['b']);
    expect(started).toEqual(['a', 'c']);
  });

  it('keeps starting waiting requests when one was queued by a check-phase callback that ran before the turn ended', async () => {
    // The real clock: every turn below spends real time.
    const scheduler = new TurnScheduler({ turnBudgetMs: 2, maxWaitMs: 60_000 });
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // request work
      }
    };
    let admitted = 0;
    let started = 0;
    const admit = (costMs: number) => {
      admitted++;
      const start = () => {
        started++;
        busy(costMs);
      };
      if (scheduler.startsNow()) start();
      else scheduler.wait({ start });
    };
    await new Promise<void>((resolve) => {
      let turns = 0;
      // Every turn: 3 ms of other work in the timers phase, then one arrival.
      const everyTurn = () => {
        if (++turns > 60) return resolve();
        setTimeout(everyTurn, 0);
        busy(3);
        admit(0.1);
      };
      setTimeout(() => {
        // A callback of the app's, in the check phase ahead of the scheduler's own, queues a
        // request after another spent the turn's budget.
        setImmediate(() => admit(0.1));
        admit(2.5);
        setTimeout(everyTurn, 0);
      }, 0);
    });
    await nextTurn();
    await nextTurn();
    expect(started).toBe(admitted);
    expect(scheduler.waitingCount).toBe(0);
  });

  it('starts a request that may not be shed however long it waited', async () => {
    const { clock, scheduler, started } = schedulerWithClock();
    scheduler.startsNow();
    clock.ms = 3;
    expect(scheduler.startsNow()).toBe(false);
    scheduler.wait({ start: () => started.push('ingest') });
    clock.ms = 5000;
    await nextTurn();
    expect(started).toEqual(['ingest']);
  });
});
