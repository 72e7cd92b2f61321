import type { Database } from '../../db/connect.js';
import { readSetting } from '../../db/settings.js';

/** The settings key the admin app-data screen edits. */
export const COUNTDOWN_SETTING = 'countdown_date';

/**
 * The live-event countdown (docs/product-rules.md#app-data): seconds since 1970, from the settings table or else COUNTDOWN_DATE
 * (an ISO date or epoch seconds); 0 when neither is set.
 */
export async function findCountdownDate(database: Database, configured: string | undefined): Promise<number> {
  return toEpochSeconds((await readSetting(database, COUNTDOWN_SETTING)) ?? configured);
}

export function toEpochSeconds(value: string | undefined): number {
  if (!value) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}
