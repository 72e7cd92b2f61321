import type { AnalyticsSummaryResponse, RegisterEventBody, RegisterEventResponse } from '@tagscout/core/api';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import type { Viewer } from '../accounts/viewer.js';
import { countEventsByDay, findEventsOf, insertEvents, unlinkEventsOf } from './analytics.repository.js';

export interface AnalyticsContext {
  database: Database;
  now: () => number;
}

const DAY_MS = 86_400_000;

/**
 * Stores a batch (docs/security-policy.md#analytics). Who sent it comes from the session where there is one (never
 * the body's userID); the server stamps receivedAt; the client's timestamp is kept, not trusted.
 */
export async function registerEvents(
  context: AnalyticsContext,
  viewer: Viewer,
  body: RegisterEventBody,
): Promise<RegisterEventResponse> {
  const events = body.events ?? (body.event ? [body.event] : []);
  const receivedAt = context.now();
  const { userDetail } = body;
  const rows = events
    .filter((event, index) => events.findIndex((other) => sameId(other.eventId, event.eventId)) === index)
    .map((event) => ({
      event_id: event.eventId.toLowerCase(),
      event_type: event.eventType,
      message: event.message ?? null,
      props: event.props ? JSON.stringify(event.props) : null,
      user_id: viewer.userId,
      device_id: viewer.deviceId ?? (userDetail.device || null),
      platform: userDetail.platform,
      app_version: userDetail.appVersion,
      user_group: userDetail.group,
      trial_status: userDetail.trialStatus,
      influencer: userDetail.influencer ?? null,
      client_timestamp: event.timestamp ?? null,
      received_at: receivedAt,
      received_day: utcDay(receivedAt),
    }));
  const accepted = await insertEvents(context.database, rows);
  // A retried event (stored before, or twice in this batch) counts as a duplicate.
  return { accepted, duplicates: events.length - accepted };
}

/** Counts by type and day for the last `days` days (admin view). */
export async function summarizeEvents(
  context: AnalyticsContext,
  viewer: Viewer,
  days: number,
): Promise<AnalyticsSummaryResponse> {
  if (!viewer.isAdmin) throw AppError.forbidden('Only administrators may do this.');
  const now = context.now();
  const from = utcDay(now - (days - 1) * DAY_MS);
  const rows = await countEventsByDay(context.database, from);
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.eventType, (totals.get(row.eventType) ?? 0) + row.count);
  return {
    from,
    to: utcDay(now),
    rows,
    totals: [...totals].map(([eventType, count]) => ({ eventType, count })).sort((a, b) => b.count - a.count),
  };
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** For "download my data": the usage events recorded with the user's account. */
export async function exportEvents(database: Database, userId: string) {
  const rows = await findEventsOf(database, userId);
  return rows.map((row) => ({
    eventType: row.event_type,
    message: row.message,
    props: row.props === null ? null : (JSON.parse(row.props) as unknown),
    platform: row.platform,
    appVersion: row.app_version,
    receivedAt: Number(row.received_at),
  }));
}

/** For deleting an account: its events stay in the daily counts, tied to no one (no user, no device). */
export async function unlinkEvents(database: Database, userId: string): Promise<void> {
  await unlinkEventsOf(database, userId);
}
