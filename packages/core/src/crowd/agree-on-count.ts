/** Who sent a report, and when: what decides which reports are independent. */
export interface ReportOrigin {
  /** The account that sent it. */
  submitter: string;
  /** The address it came from; reports from one address count as one submitter. */
  address: string;
  /** Epoch ms; the newest report per address stands for that address. */
  reportedAt: number;
}

/** One submitter's latest report of a count (a tag's, a place's or a profile's). */
export interface CountReport extends ReportOrigin {
  count: number;
}

export interface AgreementRule {
  /** Independent submitters that must agree before a value is served. */
  quorum: number;
  /** How far (a share of the median, 0.1 = 10%) a report may be from the median and still agree. */
  tolerance: number;
}

/**
 * The value independent submitters agree on, or undefined while too few do. Submitters are
 * independent when both their accounts and their addresses differ. The reports within the tolerance
 * of the median agree; when enough do, their median is the value.
 */
export function agreeOnCount(reports: readonly CountReport[], rule: AgreementRule): number | undefined {
  const independent = onePerAccountAndAddress(reports);
  if (independent.length < rule.quorum) return undefined;
  const middle = medianOf(independent.map((report) => report.count));
  const agreeing = independent.filter((report) => Math.abs(report.count - middle) <= rule.tolerance * middle);
  if (agreeing.length < rule.quorum) return undefined;
  return medianOf(agreeing.map((report) => report.count));
}

/** The newest report of each account, then the newest of those per address; newest first. */
export function onePerAccountAndAddress<T extends ReportOrigin>(reports: readonly T[]): T[] {
  const newestFirst = [...reports].sort((a, b) => b.reportedAt - a.reportedAt);
  const accounts = new Set<string>();
  const addresses = new Set<string>();
  const kept: T[] = [];
  for (const report of newestFirst) {
    if (accounts.has(report.submitter) || addresses.has(report.address)) continue;
    accounts.add(report.submitter);
    addresses.add(report.address);
    kept.push(report);
  }
  return kept;
}

/** The middle value (the lower of the two middle ones for an even number, so it is one reported). */
export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
