import { Network } from '@tagscout/core/networks';
import type { Config } from '../../config.js';
import type { Deciding } from './crowd.repository.js';
import { decideItem } from './crowd-decision.js';
import { type CrowdSubject, RULES_OF } from './crowd-subjects.js';

/** The network devices read for the crowd cache (places and profiles are Instagram's alone). */
export const CROWD_NETWORK = Network.instagram;

/** When devices' reports become a served value (the deployment's CROWD_* settings). */
export interface CrowdRule {
  quorum: number;
  tolerance: number;
  /** Reports older than this many days no longer count. */
  reportDays: number;
  /** Accounts younger than this many hours do not count (decision 025). */
  minAccountAgeHours: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function crowdRuleOf(
  config: Pick<
    Config,
    'CROWD_QUORUM' | 'CROWD_TOLERANCE' | 'CROWD_REPORT_DAYS' | 'CROWD_MIN_ACCOUNT_AGE_HOURS'
  >,
): CrowdRule {
  return {
    quorum: config.CROWD_QUORUM,
    tolerance: config.CROWD_TOLERANCE,
    reportDays: config.CROWD_REPORT_DAYS,
    minAccountAgeHours: config.CROWD_MIN_ACCOUNT_AGE_HOURS,
  };
}

/** How items of one kind are decided under the deployment's rule, at `now`; `restore` after a purge. */
export function crowdDeciding(
  subject: CrowdSubject,
  options: { rule: CrowdRule; now: number; restore: boolean },
): Deciding {
  const { rule, now, restore } = options;
  const agreement = {
    quorum: rule.quorum,
    tolerance: rule.tolerance,
    minAccountAgeMs: rule.minAccountAgeHours * HOUR_MS,
    now,
  };
  return {
    since: now - rule.reportDays * DAY_MS,
    now,
    decide: (input) => decideItem(RULES_OF[subject], input, { rule: agreement, restore }),
  };
}
