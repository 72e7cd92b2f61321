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
});
