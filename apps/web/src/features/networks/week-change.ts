import { numberFormat } from '@tagscout/core/format';

/** "+25%", "-40%", "0%"; undefined when there is no change to show (no uses the week before). */
export function formatWeekChange(change: number | null, locale: string): string | undefined {
  if (change === null) return undefined;
  return numberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: Math.abs(change) < 0.1 ? 1 : 0,
    signDisplay: 'exceptZero',
  }).format(change);
}

export type ChangeTone = 'up' | 'down' | 'flat';

export function toneOf(change: number | null): ChangeTone {
  if (change === null || Math.abs(change) < 0.05) return 'flat';
  return change > 0 ? 'up' : 'down';
}
