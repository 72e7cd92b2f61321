import {
  countedReports,
  type IndependenceRule,
  independentReporters,
  onePerOrigin,
  type ReportOrigin,
} from './independent-reporters.js';

/** One submitter's latest report of a count (a tag's, a place's or a profile's). */
export interface CountReport extends ReportOrigin {
  count: number;
}

export interface AgreementRule extends IndependenceRule {
  /** How far (a share of the median, 0.1 = 10%) a report may be from the median and still agree. */
  tolerance: number;
}

/**
 * The value independent reporters agree on, or undefined while too few do. The middle is the median
 * of one report per account, network and mail domain (so no sender's many accounts move it); the
 * reports within the tolerance of it agree, and when they stand for at least the quorum of
 * independent reporters (independent-reporters.ts), the median of theirs is the value.
 */
export function agreeOnCount(reports: readonly CountReport[], rule: AgreementRule): number | undefined {
  const counted = countedReports(reports, rule);
  if (independentReporters(counted) < rule.quorum) return undefined;
  const middle = medianOf(onePerOrigin(counted).map((report) => report.count));
  const agreeing = counted.filter((report) => Math.abs(report.count - middle) <= rule.tolerance * middle);
  if (independentReporters(agreeing) < rule.quorum) return undefined;
  return medianOf(onePerOrigin(agreeing).map((report) => report.count));
}

/** The middle value (the lower of the two middle ones for an even number, so it is one reported). */
export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
