import { type AgreementRule, onePerAccountAndAddress, type ReportOrigin } from './agree-on-count.js';

/** One submitter's latest report of a value that is either the same or not (a name, a flag). */
export interface ValueReport<V> extends ReportOrigin {
  value: V;
}

/**
 * The value at least `rule.quorum` independent submitters reported alike, or undefined while too few
 * do. Values are alike when `keyOf` gives them the same key (by default, their JSON); of alike
 * values the newest is given. When two values both reach the quorum, the one more submitters
 * reported wins, then the one reported last.
 */
export function agreeOnValue<V>(
  reports: readonly ValueReport<V>[],
  rule: Pick<AgreementRule, 'quorum'>,
  keyOf: (value: V) => string = (value) => JSON.stringify(value),
): V | undefined {
  const independent = onePerAccountAndAddress(reports);
  if (independent.length < rule.quorum) return undefined;
  // Newest first, so each group's first report is its newest.
  const groups = new Map<string, ValueReport<V>[]>();
  for (const report of independent) {
    const key = keyOf(report.value);
    const group = groups.get(key);
    if (group) group.push(report);
    else groups.set(key, [report]);
  }
  let best: ValueReport<V>[] | undefined;
  for (const group of groups.values()) {
    if (!best || group.length > best.length) best = group;
  }
  return best && best.length >= rule.quorum ? best[0]!.value : undefined;
}
