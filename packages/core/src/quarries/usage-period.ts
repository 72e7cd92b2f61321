const DAY_MS = 86_400_000;

export interface UsagePeriod {
  startMs: number;
  endMs: number;
  /** 1 on the period's first day, up to the period's length. */
  day: number;
  /** The period began after the stored one (or none was stored): its counters start at zero. */
  isNew: boolean;
}

/**
 * The account's current usage period. Periods follow one another from the first one's start, each
 * `periodDays` long; with nothing stored, one starts now.
 */
export function currentUsagePeriod(
  storedStartMs: number | null,
  nowMs: number,
  periodDays: number,
): UsagePeriod {
  const lengthMs = periodDays * DAY_MS;
  if (storedStartMs === null || nowMs < storedStartMs) {
    return { startMs: nowMs, endMs: nowMs + lengthMs, day: 1, isNew: true };
  }
  const elapsedPeriods = Math.floor((nowMs - storedStartMs) / lengthMs);
  const startMs = storedStartMs + elapsedPeriods * lengthMs;
  const day = Math.min(periodDays, Math.floor((nowMs - startMs) / DAY_MS) + 1);
  return { startMs, endMs: startMs + lengthMs, day, isNew: elapsedPeriods > 0 };
}
