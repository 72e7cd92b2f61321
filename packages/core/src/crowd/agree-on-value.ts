import {
  countedReports,
  type IndependenceRule,
  independentReporters,
  type ReportOrigin,
} from './independent-reporters.js';

/** One submitter's latest report of a value that is either the same or not (a name, a flag). */
export interface ValueReport<V> extends ReportOrigin {
  value: V;
}

/**
 * The value reported alike by at least `rule.quorum` independent reporters (independent-reporters.ts),
 * or undefined while too few do. Values are alike when `keyOf` gives them the same key (by default,
 * their JSON); of alike values the newest is given. When two values both reach the quorum, the one
 * more independent reporters sent wins, then the one reported last.
 */
export function agreeOnValue<V>(
  reports: readonly ValueReport<V>[],
  rule: IndependenceRule,
  keyOf: (value: V) => string = (value) => JSON.stringify(value),
): V | undefined {
  // Newest first, so each group's first report is its newest.
  const groups = new Map<string, ValueReport<V>[]>();
  for (const report of countedReports(reports, rule)) {
    const key = keyOf(report.value);
    const group = groups.get(key);
    if (group) group.push(report);
    else groups.set(key, [report]);
  }
  let best: ValueReport<V>[] | undefined;
  let bestReporters = 0;
  for (const group of groups.values()) {
    const reporters = independentReporters(group);
    if (reporters > bestReporters) {
      best = group;
      bestReporters = reporters;
    }
  }
  return best && bestReporters >= rule.quorum ? best[0]!.value : undefined;
}
