import type { Database } from '../../db/connect.js';
import type { AnalyticsEventTable } from '../../db/tables.js';

/** Stores the events; one already stored (same event_id) is skipped. Answers how many were new. */
export async function insertEvents(database: Database, rows: AnalyticsEventTable[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await database.db
    .insertInto('analytics_events')
    .values(rows)
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .execute();
  return inserted.length;
}

/** Event counts by UTC day and type, from `fromDay` (YYYY-MM-DD) on. */
export async function countEventsByDay(database: Database, fromDay: string) {
  const rows = await database.db
    .selectFrom('analytics_events')
    .select(({ fn }) => ['received_day', 'event_type', fn.countAll<number>().as('count')])
    .where('received_day', '>=', fromDay)
    .groupBy(['received_day', 'event_type'])
    .orderBy('received_day')
    .orderBy('event_type')
    .execute();
  return rows.map((row) => ({ day: row.received_day, eventType: row.event_type, count: Number(row.count) }));
}

/** One user's events, for "download my data". */
export async function findEventsOf(database: Database, userId: string) {
  return database.db
    .selectFrom('analytics_events')
    .select(['event_type', 'message', 'props', 'platform', 'app_version', 'received_at'])
    .where('user_id', '=', userId)
    .orderBy('received_at')
    .execute();
}

/** A deleted user's events stay counted in the daily totals, as no one's: no user, no device. */
export async function unlinkEventsOf(database: Database, userId: string): Promise<void> {
  await database.db
    .updateTable('analytics_events')
    .set({ user_id: null, device_id: null })
    .where('user_id', '=', userId)
    .execute();
}
