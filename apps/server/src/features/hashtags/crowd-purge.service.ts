import type { Database } from '../../db/connect.js';
import { type PurgeResult, purgeSubmitterReports } from './crowd.repository.js';
import { type CrowdRule, crowdDeciding } from './crowd-rule.js';
import { CROWD_STORES } from './crowd-subjects.repository.js';

export type { PurgeResult } from './crowd.repository.js';

/**
 * Undoes one submitter (an administrator's call, decision 011): every report it sent, pending or
 * agreed, is removed, and each item it reported on is decided again from the others' reports. A
 * value that no longer has agreement goes back to what was served before the crowd's (a never-seen
 * place or profile to being looked up); values written since by anyone else stay.
 */
export async function purgeSubmitter(
  database: Database,
  options: { submitter: string; rule: CrowdRule; now?: number },
): Promise<PurgeResult> {
  const now = options.now ?? Date.now();
  const { since } = crowdDeciding('hashtag', { rule: options.rule, now, restore: true });
  return purgeSubmitterReports(database, {
    submitter: options.submitter,
    stores: CROWD_STORES,
    since,
    now,
    decideFor: (subject) => crowdDeciding(subject, { rule: options.rule, now, restore: true }).decide,
  });
}
