const SECONDS_PER_DAY = 86_400;

/** The UTC day a moment falls on, as whole days since 1970-01-01 (the key of daily counts). */
export function dayOfEpochSeconds(seconds: number): number {
  return Math.floor(seconds / SECONDS_PER_DAY);
}

export function dayOfEpochMs(ms: number): number {
  return Math.floor(ms / (SECONDS_PER_DAY * 1000));
}

/** The first second of a day number, for showing it as a date. */
export function epochSecondsOfDay(day: number): number {
  return day * SECONDS_PER_DAY;
}
