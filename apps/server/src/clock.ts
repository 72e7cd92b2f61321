/** Epoch milliseconds: what time it is for the server. */
export type Clock = () => number;

/**
 * The system's time of day, read here and nowhere else in the server: every feature takes time from
 * `config.now` (this clock unless a test passes its own or EXPOSE_CLOCK moves it), so trials, codes,
 * limits, sessions, caches and stored timestamps all follow one clock. Durations the clock must not
 * move (a process's uptime, how long an import took) are measured with `performance.now()`.
 */
export const realClock: Clock = () => Date.now();

/** A clock that runs with its base clock, offset from it by what it was moved. */
export interface MovableClock {
  now: Clock;
  /** Moves the clock by `ms` (POST /api/dev/clock only forward; tests also back). */
  advance(ms: number): void;
  /** How far ahead of its base clock it is. */
  offsetMs(): number;
}

export function createMovableClock(base: Clock): MovableClock {
  let offsetMs = 0;
  return {
    now: () => base() + offsetMs,
    advance(ms) {
      offsetMs += ms;
    },
    offsetMs: () => offsetMs,
  };
}
