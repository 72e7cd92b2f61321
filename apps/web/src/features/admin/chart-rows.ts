import type { AnalyticsSummaryResponse } from '@tagscout/core/api';

export type ChartRow = { day: string } & Record<string, number | string>;

/** One row per day from `from` to `to` (days without events at 0), a column per event type. */
export function toChartRows(summary: AnalyticsSummaryResponse): { rows: ChartRow[]; types: string[] } {
  const types = summary.totals.map((total) => total.eventType);
  const byDay = new Map<string, ChartRow>();
  for (let day = summary.from; day <= summary.to; day = nextDay(day)) {
    byDay.set(day, { day, ...Object.fromEntries(types.map((type) => [type, 0])) });
  }
  for (const row of summary.rows) {
    const entry = byDay.get(row.day);
    if (entry) entry[row.eventType] = row.count;
  }
  return { rows: [...byDay.values()], types };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
