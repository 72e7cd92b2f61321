import type { Clock } from '@tagscout/sources/source';
import type { FirehoseTuning } from '../../config.js';
import type { Database } from '../../db/connect.js';

export interface FirehoseLog {
  info(message: string): void;
  warn(message: string): void;
  error(details: object, message: string): void;
}

/** What the firehose services work with. */
export interface FirehoseContext {
  database: Database;
  clock: Clock;
  log: FirehoseLog;
  /** Stored posts are kept this many days. */
  retentionDays: number;
  tuning: FirehoseTuning;
  /** Posts counted and stored by this process since it started. */
  totals: { counted: number; stored: number };
  /** Background work's progress, kept between runs. */
  maintenance: MaintenanceState;
}

export interface MaintenanceState {
  /** The day every tag's window count was last refreshed for; undefined before the first run. */
  refreshedDay: number | undefined;
  /** Tag id the refresh of a new day has reached (it runs in slices). */
  refreshAfterId: number | undefined;
  /** The day daily uses were last pruned. */
  prunedUsesDay: number | undefined;
  pruneUsesAfterId: number | undefined;
  /** The day single-person word rows were last pruned (decision 030). */
  prunedWordsDay?: number;
}
