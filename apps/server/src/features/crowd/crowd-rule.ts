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
}

const DAY_MS = 86_400_000;

export function crowdRuleOf(
  config: Pick<Config, 'CROWD_QUORUM' | 'CROWD_TOLERANCE' | 'CROWD_REPORT_DAYS'>,
): CrowdRule {
  return {
    quorum: config.CROWD_QUORUM,
    tolerance: config.CROWD_TOLERANCE,
    reportDays: config.CROWD_REPORT_DAYS,
  };
}

/** How items of one kind are decided under the deployment's rule; `restore` after a purge. */
export function crowdDeciding(
  subject: CrowdSubject,
  options: { rule: CrowdRule; now: number; restore: boolean },
): Deciding {
  const { rule, now, restore } = options;
  return {
    since: now - rule.reportDays * DAY_MS,
    now,
    decide: (input) => decideItem(RULES_OF[subject], input, { rule, restore }),
  };
}
