import {
  FailureClass,
  kindOfCall,
  SOURCE_CALLS,
  SourceAlert,
  type SourceCall,
  type SourceFailureState,
  SourceOrigin,
  type SourceReportBody,
  type SourceStatusResponse,
} from '@tagscout/core/api';
import { DEFAULT_BLOCK_MS, type SourceFailure } from '@tagscout/sources/source';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import type { SourcesContext } from './sources.context.js';
import {
  countSourceReporters,
  deleteSourceReportsBefore,
  deleteSourceReportsOf,
  findSourceFailures,
  findSourceReportsOf,
  type SourceFailureRow,
  upsertSourceFailure,
  upsertSourceReport,
} from './sources.repository.js';

/** Failures other than blocks count towards the alerts this long after the latest one. */
export const ALERT_WINDOW_MS = 60 * 60_000;
const LISTED_FAILURES = 50;

/** A failure of the server's own calls (not-found is an answer, not a failure: it is not kept). */
export async function recordServerFailure(context: SourcesContext, failure: SourceFailure): Promise<void> {
  if (failure.failure === FailureClass.notFound || failure.isFromBlockFlag) return;
  const flag =
    failure.failure === FailureClass.block ? context.server?.client.blocks.active(failure.call) : undefined;
  await upsertSourceFailure(context.database, {
    source: failure.source,
    origin: SourceOrigin.server,
    call: failure.call,
    failure: failure.failure,
    at: context.clock.now(),
    blockedUntil: flag?.until ?? null,
  });
}

/** Reports count towards an alert this long (a device's block flag lasts as long). */
export const REPORT_WINDOW_MS = DEFAULT_BLOCK_MS;

/** Who sent a report: only signed-in accounts are counted. */
export interface Reporter {
  userId: string | null;
  isSignedIn: boolean;
}

/**
 * A device's report (instagram-web in the app), decision 017. Anyone may send one, but only
 * signed-in accounts count, each once per kind of failure, and the failure reaches the admins'
 * view (and its alerts) only once `reportQuorum` accounts reported it within the report window.
 * Answers whether the report was counted.
 */
export async function recordDeviceReport(
  context: SourcesContext,
  report: SourceReportBody,
  reporter: Reporter,
): Promise<'recorded' | 'ignored'> {
  if (report.failure === FailureClass.notFound) return 'ignored';
  if (!reporter.isSignedIn || reporter.userId === null) return 'ignored';
  const now = context.clock.now();
  const since = now - REPORT_WINDOW_MS;
  await upsertSourceReport(context.database, { ...report, reporter: reporter.userId, at: now });
  await deleteSourceReportsBefore(context.database, since);
  const reporters = await countSourceReporters(context.database, { ...report, since });
  if (reporters < context.reportQuorum) return 'recorded';
  await upsertSourceFailure(context.database, {
    source: report.source,
    origin: SourceOrigin.device,
    call: report.call,
    failure: report.failure,
    at: now,
    blockedUntil: report.failure === FailureClass.block ? now + DEFAULT_BLOCK_MS : null,
  });
  return 'recorded';
}

/**
 * The admin view (docs/product-rules.md#live-sources): each source, the failures seen, and the alerts they raise:
 * blocking of all searches, blocking of direct lookups, a possible cross-origin issue.
 */
export async function findSourceStatus(
  context: SourcesContext,
  viewer: { isAdmin: boolean },
): Promise<SourceStatusResponse> {
  if (!viewer.isAdmin) throw AppError.forbidden('Only administrators may do this.');
  const now = context.clock.now();
  const bluesky = context.firehoseStatus();
  const failures = (await findSourceFailures(context.database, LISTED_FAILURES)).map((row) =>
    presentFailure(row, now),
  );
  return {
    sources: [
      {
        name: 'mastodon',
        origin: SourceOrigin.server,
        is_enabled: context.server !== undefined,
        queued: context.queue.size,
      },
      { name: 'instagram-web', origin: SourceOrigin.device, is_enabled: true, queued: 0 },
      { name: 'bluesky', origin: SourceOrigin.server, is_enabled: bluesky.is_enabled, queued: 0 },
    ],
    alerts: alertsOf(failures),
    failures,
    bluesky,
  };
}

export function alertsOf(failures: readonly SourceFailureState[]): SourceAlert[] {
  const active = failures.filter((failure) => failure.is_active);
  const blocked = (kind: 'search' | 'lookup') =>
    active.some((failure) => failure.failure === FailureClass.block && kindOfCall(failure.call) === kind);
  const alerts: SourceAlert[] = [];
  if (blocked('search')) alerts.push(SourceAlert.searchesBlocked);
  if (blocked('lookup')) alerts.push(SourceAlert.lookupsBlocked);
  if (active.some((failure) => failure.failure === FailureClass.cors)) alerts.push(SourceAlert.possibleCors);
  return alerts;
}

function presentFailure(row: SourceFailureRow, now: number): SourceFailureState {
  const isActive =
    row.failure === FailureClass.block ? (row.blocked_until ?? 0) > now : row.last_at > now - ALERT_WINDOW_MS;
  return {
    source: row.source,
    origin: row.origin === SourceOrigin.device ? SourceOrigin.device : SourceOrigin.server,
    call: asCall(row.call),
    failure: asFailure(row.failure),
    count: row.count,
    first_at: new Date(row.first_at).toISOString(),
    last_at: new Date(row.last_at).toISOString(),
    blocked_until: row.blocked_until === null ? null : new Date(row.blocked_until).toISOString(),
    is_active: isActive,
  };
}

function asCall(call: string): SourceCall {
  return (SOURCE_CALLS as readonly string[]).includes(call) ? (call as SourceCall) : 'lookup:hashtag';
}

function asFailure(failure: string): FailureClass {
  return (Object.values(FailureClass) as string[]).includes(failure)
    ? (failure as FailureClass)
    : FailureClass.unknown;
}

/** For "download my data": the failures one account reported. */
export async function exportSourceReports(database: Database, reporter: string) {
  const rows = await findSourceReportsOf(database, reporter);
  return rows.map((row) => ({
    source: row.source,
    call: row.call,
    failure: row.failure,
    reportedAt: Number(row.reported_at),
  }));
}

/** For deleting an account: its reports go (the failures they counted stay, as no one's). */
export async function eraseSourceReports(database: Database, reporter: string): Promise<void> {
  await deleteSourceReportsOf(database, reporter);
}
