import type { Transaction } from 'kysely';
import type { Database } from '../../db/connect.js';
import { retryOnConflict } from '../../db/retry-on-conflict.js';
import type { Tables } from '../../db/tables.js';
import { chunksOf } from '../store/ingest-batch.js';
import {
  type CrowdItemState,
  type ItemDecision,
  parseItemState,
  type ServedRow,
  type StoredReport,
} from './crowd-decision.js';
import type { CrowdSubject, FieldReport } from './crowd-subjects.js';
import type { CrowdSubjectStore } from './crowd-subjects.repository.js';

/**
 * Who sent a crowd report: a registered account, from a device and a network (its /24 or /48, not
 * its address), with its account's mail domain and age (independent reporters, decision 025).
 */
export interface Submitter {
  userId: string;
  deviceId: string | null;
  network: string;
  mailDomain: string;
  accountCreatedAt: number;
}

/** Decides one item from its reports (crowd-decision.ts, with the deployment's rule). */
export type DecideItem = (input: {
  reports: readonly StoredReport[];
  row: ServedRow | undefined;
  state: CrowdItemState;
}) => ItemDecision;

/** Which reports count: those newer than `since`; `decide` turns them into what is served. */
export interface Deciding {
  since: number;
  now: number;
  decide: DecideItem;
}

/**
 * Records one submitter's reports of items of one kind and serves what enough submitters now agree
 * on. In one transaction that first locks the items' crowd rows (in key order), so concurrent
 * submitters of one item are decided one after another and each sees the others' reports.
 */
export async function recordCrowdReports(
  database: Database,
  options: Deciding & {
    store: CrowdSubjectStore;
    network: string;
    reports: readonly FieldReport[];
    submitter: Submitter;
  },
): Promise<{ agreed: number }> {
  const { store, network, submitter, now } = options;
  // One row per (item, field): PostgreSQL refuses to upsert a row twice in one statement.
  const reports = [
    ...new Map(options.reports.map((report) => [`${report.item}\u0000${report.field}`, report])).values(),
  ];
  const items = sortedUnique(reports.map((report) => report.item));
  if (items.length === 0) return { agreed: 0 };
  return retryOnConflict(() =>
    database.db.transaction().execute(async (trx) => {
      await lockItems(trx, { subject: store.subject, network, items, now });
      await store.prepare?.(trx, { network, items, now, dialect: database.dialect });
      for (const chunk of chunksOf(reports, 500)) {
        await trx
          .insertInto('crowd_reports')
          .values(
            chunk.map((report) => ({
              subject: store.subject,
              network,
              item: report.item,
              field: report.field,
              submitter: submitter.userId,
              device_id: submitter.deviceId,
              client_network: submitter.network,
              mail_domain: submitter.mailDomain,
              account_created_at: submitter.accountCreatedAt,
              value: JSON.stringify(report.value),
              reported_at: now,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['subject', 'network', 'item', 'field', 'submitter']).doUpdateSet((eb) => ({
              device_id: eb.ref('excluded.device_id'),
              client_network: eb.ref('excluded.client_network'),
              mail_domain: eb.ref('excluded.mail_domain'),
              account_created_at: eb.ref('excluded.account_created_at'),
              value: eb.ref('excluded.value'),
              reported_at: eb.ref('excluded.reported_at'),
            })),
          )
          .execute();
      }
      return decideItems(trx, { ...options, items });
    }),
  );
}

/** What removing a submitter's reports did. */
export interface PurgeResult {
  /** Reports removed. */
  reports: number;
  /** Items decided again. */
  items: number;
  /** Items whose served values changed. */
  changed: number;
}

/**
 * Removes every report of one submitter, pending or agreed, and decides each item it reported on
 * again from the others' reports (`decideFor` restores what no one else agrees on). Items are taken
 * `batch` at a time, each batch in one transaction that locks its items as recording does, so a purge
 * and concurrent reports (or a second purge) are decided one after another.
 */
export async function purgeSubmitterReports(
  database: Database,
  options: {
    submitter: string;
    stores: Readonly<Record<CrowdSubject, CrowdSubjectStore>>;
    since: number;
    now: number;
    decideFor: (subject: CrowdSubject) => DecideItem;
    batch?: number;
  },
): Promise<PurgeResult> {
  const total: PurgeResult = { reports: 0, items: 0, changed: 0 };
  const batch = options.batch ?? 200;
  for (;;) {
    const keys = await database.db
      .selectFrom('crowd_reports')
      .select(['subject', 'network', 'item'])
      .distinct()
      .where('submitter', '=', options.submitter)
      .orderBy('subject')
      .orderBy('network')
      .orderBy('item')
      .limit(batch)
      .execute();
    if (keys.length === 0) return total;
    const done = await retryOnConflict(() =>
      database.db.transaction().execute(async (trx) => {
        const result: PurgeResult = { reports: 0, items: 0, changed: 0 };
        for (const group of groupKeys(keys)) {
          const store = options.stores[group.subject as CrowdSubject];
          const { network, items } = group;
          await lockItems(trx, { subject: store.subject, network, items, now: options.now });
          for (const chunk of chunksOf(items, 500)) {
            const deleted = await trx
              .deleteFrom('crowd_reports')
              .where('submitter', '=', options.submitter)
              .where('subject', '=', store.subject)
              .where('network', '=', network)
              .where('item', 'in', chunk)
              .executeTakeFirst();
            result.reports += Number(deleted.numDeletedRows);
          }
          const decided = await decideItems(trx, {
            store,
            network,
            items,
            since: options.since,
            now: options.now,
            decide: options.decideFor(store.subject),
          });
          result.items += items.length;
          result.changed += decided.changed;
        }
        return result;
      }),
    );
    total.reports += done.reports;
    total.items += done.items;
    total.changed += done.changed;
  }
}

/** Whether devices have reported on an item no row holds yet (it is being looked up). */
export async function hasCrowdReports(
  database: Database,
  key: { subject: CrowdSubject; network: string; item: string },
): Promise<boolean> {
  const found = await database.db
    .selectFrom('crowd_reports')
    .select('item')
    .where('subject', '=', key.subject)
    .where('network', '=', key.network)
    .where('item', '=', key.item)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** Takes each item's crowd row lock (PostgreSQL: updating the row, to itself, locks it). */
async function lockItems(
  trx: Transaction<Tables>,
  target: { subject: string; network: string; items: readonly string[]; now: number },
): Promise<void> {
  const { subject, network, now } = target;
  for (const chunk of chunksOf(target.items, 500)) {
    await trx
      .insertInto('crowd_items')
      .values(chunk.map((item) => ({ subject, network, item, served: '{}', trusted: '{}', updated_at: now })))
      .onConflict((oc) =>
        oc.columns(['subject', 'network', 'item']).doUpdateSet((eb) => ({ item: eb.ref('excluded.item') })),
      )
      .execute();
  }
}

async function decideItems(
  trx: Transaction<Tables>,
  options: Deciding & { store: CrowdSubjectStore; network: string; items: readonly string[] },
): Promise<{ agreed: number; changed: number }> {
  const { store, network, items, now } = options;
  const reportsByItem = new Map<string, StoredReport[]>();
  const states = new Map<string, { served: string; trusted: string }>();
  for (const chunk of chunksOf(items, 500)) {
    const rows = await trx
      .selectFrom('crowd_reports')
      .select([
        'item',
        'field',
        'submitter',
        'client_network',
        'mail_domain',
        'account_created_at',
        'value',
        'reported_at',
      ])
      .where('subject', '=', store.subject)
      .where('network', '=', network)
      .where('item', 'in', chunk)
      .where('reported_at', '>=', options.since)
      .execute();
    for (const row of rows) {
      const list = reportsByItem.get(row.item) ?? [];
      list.push({
        field: row.field,
        submitter: row.submitter,
        network: row.client_network,
        mailDomain: row.mail_domain,
        accountCreatedAt: Number(row.account_created_at),
        value: JSON.parse(row.value),
        reportedAt: Number(row.reported_at),
      });
      reportsByItem.set(row.item, list);
    }
    const stored = await trx
      .selectFrom('crowd_items')
      .select(['item', 'served', 'trusted'])
      .where('subject', '=', store.subject)
      .where('network', '=', network)
      .where('item', 'in', chunk)
      .execute();
    for (const row of stored) states.set(row.item, row);
  }
  const served = await store.read(trx, network, items);
  let agreed = 0;
  let changed = 0;
  for (const item of items) {
    const before = states.get(item) ?? { served: '{}', trusted: '{}' };
    const row = served.get(item);
    const decision = options.decide({
      reports: reportsByItem.get(item) ?? [],
      row,
      state: parseItemState(before.served, before.trusted),
    });
    if (decision.agreed > 0) agreed++;
    if (decision.forget) {
      await store.forget(trx, network, item);
      changed++;
    } else if (decision.write) {
      await store.write(trx, { network, item, isNew: row === undefined, now }, decision.write);
      changed++;
    }
    const state = {
      served: JSON.stringify(decision.state.served),
      trusted: JSON.stringify(decision.state.trusted),
    };
    if (state.served !== before.served || state.trusted !== before.trusted) {
      await trx
        .updateTable('crowd_items')
        .set({ ...state, updated_at: now })
        .where('subject', '=', store.subject)
        .where('network', '=', network)
        .where('item', '=', item)
        .execute();
    }
  }
  return { agreed, changed };
}

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Keys grouped by (subject, network), in that order, each group's items sorted. */
function groupKeys(
  keys: readonly { subject: string; network: string; item: string }[],
): { subject: string; network: string; items: string[] }[] {
  const groups: { subject: string; network: string; items: string[] }[] = [];
  for (const key of keys) {
    const last = groups.at(-1);
    if (last && last.subject === key.subject && last.network === key.network) last.items.push(key.item);
    else groups.push({ subject: key.subject, network: key.network, items: [key.item] });
  }
  // Locks are taken in the order recording takes them (the database's collation may differ).
  return groups.map((group) => ({ ...group, items: sortedUnique(group.items) }));
}

/** A submitter's reports, as "download my data" lists them (the values it sent, and when). */
export async function findReportsOfSubmitter(database: Database, submitter: string) {
  const rows = await database.db
    .selectFrom('crowd_reports')
    .select(['subject', 'network', 'item', 'field', 'value', 'reported_at'])
    .where('submitter', '=', submitter)
    .orderBy('reported_at')
    .execute();
  const posts = await database.db
    .selectFrom('crowd_post_reports')
    .select(['post_id', 'owner', 'place_id', 'tag_ids', 'reported_at'])
    .where('submitter', '=', submitter)
    .orderBy('reported_at')
    .execute();
  return { rows, posts };
}
