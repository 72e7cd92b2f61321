import { numberFormat } from './number-format.js';

const UNKNOWN = '—';
const UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

export interface FormatCountOptions {
  /** K/M/B with one decimal, for small screens. */
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
  const unit = options.compact ? UNITS.find(({ size }) => whole >= size) : undefined;
  if (!unit) return numberFormat(locale, { maximumFractionDigits: 0 }).format(whole);
  const tenths = Math.floor((whole * 10) / unit.size) / 10;
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(tenths)}${unit.suffix}`;
}
