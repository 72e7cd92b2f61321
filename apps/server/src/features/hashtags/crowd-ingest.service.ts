import type { CacheAcceptedResponse, CacheAutocompleteBody, CacheRecommendBody } from '@tagscout/core/api';
import { agreeOnCount } from '@tagscout/core/crowd';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import { Network } from '@tagscout/core/networks';
import type { Database } from '../../db/connect.js';
import { recordCountReports, type StoredCountReport, type Submitter } from './crowd.repository.js';
import { storeIngest } from './ingest.repository.js';
import { preparePosts, toPlace, toProfile } from './ingest.service.js';

export type { Submitter } from './crowd.repository.js';

/** Provenance of crowd-cache posts and of counts the crowd agreed on (decision 011). */
export const CROWD_SOURCE = 'crowd';
/** The network devices read for the crowd cache. */
export const CROWD_NETWORK = Network.instagram;

/** When devices' reports become a served value (the deployment's CROWD_* settings). */
export interface CrowdRule {
  quorum: number;
  tolerance: number;
  /** Reports older than this many days no longer count. */
  reportDays: number;
}

export interface CrowdReport {
  submitter: Submitter;
  rule: CrowdRule;
  /** Epoch ms of receipt. */
  now?: number;
}

const DAY_MS = 86_400_000;

/**
 * Search results a signed-in device fetched: each tag's count is this account's report, served only
 * once enough independent accounts agree; tags never seen before wait, hidden from suggestions.
 */
export async function ingestCrowdAutocomplete(
  database: Database,
  body: CacheAutocompleteBody,
  report: CrowdReport,
): Promise<CacheAcceptedResponse> {
  const now = report.now ?? Date.now();
  const counts = (body.hashtags ?? []).map((tag) => ({
    name: normalizeHashtag(tag.hashtag)!,
    count: tag.count,
  }));
  await recordCounts(database, counts, { ...report, now });
  const places = (body.places ?? []).map(toPlace);
  const profiles = (body.users ?? []).map(toProfile);
  if (places.length + profiles.length > 0) {
    await storeIngest(database, {
      places,
      profiles,
      network: CROWD_NETWORK,
      source: CROWD_SOURCE,
      submittedBy: report.submitter.userId,
      newTagsPending: report.rule.quorum > 1,
      now,
    });
  }
  return { status: 'accepted', stored: counts.length + places.length + profiles.length, skipped: 0 };
}

/**
 * One item and its posts, fetched by a signed-in device: the posts carry their submitter, whose share
 * of any related window is capped when it is read; the item's count is a report like any other.
 */
export async function ingestCrowdRecommend(
  database: Database,
  body: CacheRecommendBody,
  report: CrowdReport,
): Promise<CacheAcceptedResponse> {
  const now = report.now ?? Date.now();
  const itemTag = body.hashtag ? normalizeHashtag(body.hashtag.hashtag)! : undefined;
  if (body.hashtag && itemTag)
    await recordCounts(database, [{ name: itemTag, count: body.hashtag.count }], { ...report, now });
  const { posts, skipped } = preparePosts(body.posts, { itemTag, placeId: body.place?.place_id });
  await storeIngest(database, {
    places: body.place ? [toPlace(body.place)] : [],
    profiles: body.user ? [toProfile(body.user)] : [],
    posts,
    network: CROWD_NETWORK,
    source: CROWD_SOURCE,
    submittedBy: report.submitter.userId,
    // With a quorum of 1 the deployment trusts one submitter's word (decision 011).
    newTagsPending: report.rule.quorum > 1,
    now,
  });
  return { status: 'accepted', stored: posts.length, skipped };
}

async function recordCounts(
  database: Database,
  counts: { name: string; count: number }[],
  report: CrowdReport & { now: number },
): Promise<void> {
  const { rule, now } = report;
  const agree = (reports: StoredCountReport[]) => agreeOnCount(reports, rule);
  await recordCountReports(database, {
    network: CROWD_NETWORK,
    counts,
    submitter: report.submitter,
    now,
    since: now - rule.reportDays * DAY_MS,
    agree,
  });
}
