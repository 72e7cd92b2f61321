/**
 * Who sent a report, from where and when: what tells reports of different people apart (decision
 * 025). One person can make accounts and addresses cheaply, networks and mail domains less so, and
 * an account's age not at all.
 */
export interface ReportOrigin {
  /** The account that sent it. */
  submitter: string;
  /** The network it came from: its address's /24 (IPv4) or /48 (IPv6), which one holder may own whole. */
  network: string;
  /** The domain of the account's email address (mailDomainOf): a catch-all domain is one sender. */
  mailDomain: string;
  /** Epoch ms the account was made. */
  accountCreatedAt: number;
  /** Epoch ms; an account's newest report stands for it. */
  reportedAt: number;
}

export interface IndependenceRule {
  /** Independent reporters that must agree before a value is served. */
  quorum: number;
  /** Accounts younger than this many ms at `now` are not counted (with a quorum above 1). */
  minAccountAgeMs: number;
  /** Epoch ms of deciding. */
  now: number;
}

/**
 * The reports that count, newest first: each account's newest, of accounts old enough by now (so a
 * young account's reports count once it has aged). A quorum of 1 trusts its one reporter whatever
 * its age (a single-user install).
 */
export function countedReports<T extends ReportOrigin>(reports: readonly T[], rule: IndependenceRule): T[] {
  const isOldEnough = (report: T) =>
    rule.quorum <= 1 || rule.now - report.accountCreatedAt >= rule.minAccountAgeMs;
  const accounts = new Set<string>();
  return [...reports]
    .sort((a, b) => b.reportedAt - a.reportedAt)
    .filter((report) => {
      if (!isOldEnough(report) || accounts.has(report.submitter)) return false;
      accounts.add(report.submitter);
      return true;
    });
}

/**
 * How many independent reporters some reports stand for: the fewest of their distinct accounts,
 * networks and mail domains. Three accounts from one /24, or at one domain, are one.
 */
export function independentReporters(reports: readonly ReportOrigin[]): number {
  const distinct = (key: (report: ReportOrigin) => string) => new Set(reports.map(key)).size;
  return Math.min(
    distinct((report) => report.submitter),
    distinct((report) => report.network),
    distinct((report) => report.mailDomain),
  );
}

/**
 * One report per account, network and mail domain, the first met of each kept (give them newest
 * first): a sample where no sender weighs more than once, to find the middle of reported counts.
 */
export function onePerOrigin<T extends ReportOrigin>(reports: readonly T[]): T[] {
  const seen = { submitter: new Set<string>(), network: new Set<string>(), mailDomain: new Set<string>() };
  const kept: T[] = [];
  for (const report of reports) {
    if (
      seen.submitter.has(report.submitter) ||
      seen.network.has(report.network) ||
      seen.mailDomain.has(report.mailDomain)
    )
      continue;
    seen.submitter.add(report.submitter);
    seen.network.add(report.network);
    seen.mailDomain.add(report.mailDomain);
    kept.push(report);
  }
  return kept;
}
