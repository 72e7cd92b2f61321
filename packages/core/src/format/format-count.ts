import { numberFormat } from './number-format.js';

const UNKNOWN = '—';
const UNITS = [{ size: 1e9 }, { size: 1e6 }, { size: 1e3 }] as const;
/**
 * The compact units' words, billions first, as each language writes them ("18.1M", "18,1 mi"); the
 * space is a no-break space, as Intl writes it, so a count never breaks across lines.
 */
const SUFFIXES: Readonly<Record<string, readonly [string, string, string]>> = {
  en: ['B', 'M', 'K'],
  pt: ['\u00a0bi', '\u00a0mi', '\u00a0mil'],
};

export interface FormatCountOptions {
  /** K/M/B (Portuguese: mil/mi/bi) with one decimal, for small screens. */
  compact?: boolean;
  /** BCP 47 locale for separators; default 'en'. */
  locale?: string;
}

/**
 * A post count for display: "1,234,567", or compact "1.2M". Negative counts (unknown) show as '—'.
 * Compact values are truncated, not rounded, so a count is never overstated (999,999 -> "999.9K").
 */
export function formatCount(count: number, options: FormatCountOptions = {}): string {
  if (!Number.isFinite(count) || count < 0) return UNKNOWN;
  const locale = options.locale ?? 'en';
  const whole = Math.floor(count);
  const unit = options.compact ? UNITS.findIndex(({ size }) => whole >= size) : -1;
  if (unit < 0) return numberFormat(locale, { maximumFractionDigits: 0 }).format(whole);
  const tenths = Math.floor((whole * 10) / UNITS[unit]!.size) / 10;
  const suffixes = SUFFIXES[locale.split('-')[0]!.toLowerCase()] ?? SUFFIXES.en!;
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(tenths)}${suffixes[unit]}`;
}
