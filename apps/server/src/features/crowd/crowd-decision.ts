import { type AgreementRule, agreeOnCount, agreeOnValue, type ReportOrigin } from '@tagscout/core/crowd';

/** A field's value as reports carry it and as it is served (JSON). */
export type FieldValue = string | number | boolean | null;
export type ItemValues = Record<string, FieldValue>;

/**
 * How a field agrees: `count` within the tolerance of the median (the median served), `exact` when
 * alike, `url` when alike but for the query (signed picture addresses differ on every read).
 */
export type FieldAgreement = 'count' | 'exact' | 'url';

/** What the crowd may set on one kind of item (a tag, a place, a profile). */
export interface CrowdSubjectRules {
  fields: Readonly<Record<string, FieldAgreement>>;
  /**
   * The field without which no row is made (a place's title): until it is agreed, a never-seen item
   * is answered as being looked up. Absent when the row always exists (a tag's pending row).
   */
  identity?: string;
  /** What a field shows while no one has given it (counts -2: being looked up). */
  unknown: Readonly<ItemValues>;
}

/** The served row's values of the crowd's fields, and where they came from. */
export interface ServedRow {
  values: ItemValues;
  source: string | null;
}

/** Per item: what the crowd put into the served row, and what was there before it did. */
export interface CrowdItemState {
  served: ItemValues;
  trusted: Record<string, { value: FieldValue; source: string | null }>;
}

/** One account's latest report of one field, with where it came from (independent reporters, decision 025). */
export interface StoredReport extends ReportOrigin {
  field: string;
  value: FieldValue;
}

export interface ItemDecision {
  /** Values to write into the served row (made when missing), with the row's source. */
  write?: ServedRow;
  /** The item goes back to never seen (its row removed). */
  forget?: boolean;
  state: CrowdItemState;
  /** Fields the reports agree on. */
  agreed: number;
}

export const CROWD_SOURCE = 'crowd';

/**
 * What to serve for one item, given its reports: each field the reports agree on is served (what was
 * there before is remembered, unless the crowd put it there too); a field without agreement keeps its
 * value. With `restore` (after a submitter's reports were removed), a field the crowd set that no
 * longer has agreement gets back what was there before, or, for a never-seen item, the item is
 * forgotten. A value someone else wrote since the crowd's is never touched.
 */
export function decideItem(
  rules: CrowdSubjectRules,
  input: { reports: readonly StoredReport[]; row: ServedRow | undefined; state: CrowdItemState },
  options: { rule: AgreementRule; restore: boolean },
): ItemDecision {
  const { row } = input;
  const served = { ...input.state.served };
  const trusted = { ...input.state.trusted };
  const agreed = agreedValues(rules, input.reports, options.rule);
  const writes: ItemValues = {};
  const isCrowds = (field: string) =>
    row !== undefined && field in served && same(row.values[field], served[field]);

  for (const [field, value] of Object.entries(agreed)) {
    const current = row?.values[field];
    if (current !== undefined && same(current, value)) continue;
    if (!isCrowds(field)) {
      if (current === undefined) delete trusted[field];
      else trusted[field] = { value: current, source: row?.source ?? null };
    }
    served[field] = value;
    writes[field] = value;
  }
  let restoredSource: string | null | undefined;
  if (options.restore) {
    for (const field of Object.keys(served)) {
      if (field in agreed) continue;
      if (isCrowds(field)) {
        const before = trusted[field];
        if (!before && field === rules.identity)
          return { forget: true, state: { served: {}, trusted: {} }, agreed: 0 };
        writes[field] = before ? before.value : (rules.unknown[field] ?? null);
        if (before) restoredSource = before.source;
      }
      delete served[field];
      delete trusted[field];
    }
  }
  const state = { served, trusted };
  const count = Object.keys(agreed).length;
  if (Object.keys(writes).length === 0) return { state, agreed: count };
  if (row === undefined) {
    // A never-seen item gets a row once its identity is agreed; until then it is being looked up.
    if (rules.identity !== undefined && !(rules.identity in writes))
      return { state: { served: {}, trusted: {} }, agreed: count };
    return { write: { values: { ...rules.unknown, ...writes }, source: CROWD_SOURCE }, state, agreed: count };
  }
  const source =
    Object.keys(served).length > 0
      ? CROWD_SOURCE
      : restoredSource === undefined
        ? row.source
        : restoredSource;
  return { write: { values: writes, source }, state, agreed: count };
}

function agreedValues(
  rules: CrowdSubjectRules,
  reports: readonly StoredReport[],
  rule: AgreementRule,
): ItemValues {
  const byField = new Map<string, StoredReport[]>();
  for (const report of reports) {
    if (!(report.field in rules.fields)) continue;
    const list = byField.get(report.field);
    if (list) list.push(report);
    else byField.set(report.field, [report]);
  }
  const agreed: ItemValues = {};
  for (const [field, list] of byField) {
    const value = agreeOnField(rules.fields[field]!, list, rule);
    if (value !== undefined) agreed[field] = value;
  }
  return agreed;
}

function agreeOnField(
  agreement: FieldAgreement,
  reports: readonly StoredReport[],
  rule: AgreementRule,
): FieldValue | undefined {
  if (agreement === 'count') {
    const counts = reports.filter((report) => typeof report.value === 'number');
    return agreeOnCount(
      counts.map((report) => ({ ...report, count: report.value as number })),
      rule,
    );
  }
  return agreeOnValue(reports, rule, agreement === 'url' ? urlKey : (value) => JSON.stringify(value));
}

/** A picture's address without its query: the same picture, signed for another read. */
function urlKey(value: FieldValue): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  try {
    const url = new URL(value);
    return url.origin + url.pathname;
  } catch {
    return value;
  }
}

function same(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  return a === b;
}

/** Reads a stored state (JSON text of crowd_items). */
export function parseItemState(served: string, trusted: string): CrowdItemState {
  return {
    served: JSON.parse(served) as ItemValues,
    trusted: JSON.parse(trusted) as CrowdItemState['trusted'],
  };
}
