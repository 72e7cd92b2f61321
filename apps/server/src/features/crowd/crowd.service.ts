import type { CacheAcceptedResponse, CacheAutocompleteBody, CacheRecommendBody } from '@tagscout/core/api';
import { mailDomainOf } from '@tagscout/core/crowd';
import { normalizeHashtag } from '@tagscout/core/hashtags';
import type { Database } from '../../db/connect.js';
import { findAccountCreatedAt } from '../accounts/accounts.service.js';
import { preparePosts, storeIngest } from '../store/store.service.js';
import { recordCrowdReports, type Submitter } from './crowd.repository.js';
import { CROWD_SOURCE } from './crowd-decision.js';
import { CROWD_NETWORK, type CrowdRule, crowdDeciding } from './crowd-rule.js';
import { type CrowdSubject, type FieldReport, placeReports, profileReports } from './crowd-subjects.js';
import { CROWD_STORES } from './crowd-subjects.repository.js';

export { hasCrowdReports } from './crowd.repository.js';
export { CROWD_SOURCE } from './crowd-decision.js';
export { CROWD_NETWORK, type CrowdRule } from './crowd-rule.js';

/** Who sent a report, as the request tells: a signed-in account, its device and email, its network. */
export interface CrowdSender {
  userId: string;
  deviceId: string | null;
  email: string;
  /** The client's /24 or IPv6 /48 (client-address.ts networkOf). */
  network: string;
}

export interface CrowdReport {
  sender: CrowdSender;
  rule: CrowdRule;
  /** Epoch ms of receipt (the server clock). */
  now: number;
}

/**
 * Search results a signed-in device fetched: each tag's count and each place's and profile's fields
 * are this account's reports, served only once enough independent accounts agree; items never seen
 * before wait, answered as being looked up and suggested to no one.
 */
export async function ingestCrowdAutocomplete(
  database: Database,
  body: CacheAutocompleteBody,
  report: CrowdReport,
): Promise<CacheAcceptedResponse> {
  const counts = (body.hashtags ?? []).map((tag) => countReport(tag.hashtag, tag.count));
  const places = body.places ?? [];
  const profiles = body.users ?? [];
  const recording = { ...report, submitter: await submitterOf(database, report.sender, report.now) };
  await recordReports(database, 'hashtag', counts, recording);
  await recordReports(database, 'place', places.flatMap(placeReports), recording);
  await recordReports(database, 'profile', profiles.flatMap(profileReports), recording);
  return { status: 'accepted', stored: counts.length + places.length + profiles.length, skipped: 0 };
}

/**
 * One item and its posts, fetched by a signed-in device: the posts carry their submitter, whose share
 * of any related window is capped when it is read; the item's values are reports like any other.
 */
export async function ingestCrowdRecommend(
  database: Database,
  body: CacheRecommendBody,
  report: CrowdReport,
): Promise<CacheAcceptedResponse> {
  const { now } = report;
  const itemTag = body.hashtag ? normalizeHashtag(body.hashtag.hashtag, CROWD_NETWORK)! : undefined;
  const recording = { ...report, submitter: await submitterOf(database, report.sender, now) };
  if (body.hashtag)
    await recordReports(
      database,
      'hashtag',
      [countReport(body.hashtag.hashtag, body.hashtag.count)],
      recording,
    );
  if (body.place) await recordReports(database, 'place', placeReports(body.place), recording);
  if (body.user) await recordReports(database, 'profile', profileReports(body.user), recording);
  const { posts, skipped } = preparePosts(body.posts, {
    itemTag,
    placeId: body.place?.place_id,
    network: CROWD_NETWORK,
  });
  await storeIngest(database, {
    posts,
    network: CROWD_NETWORK,
    source: CROWD_SOURCE,
    submittedBy: report.sender.userId,
    // With a quorum of 1 the deployment trusts one submitter's word (decision 011), and its posts
    // count as the owners they name (decision 025).
    newTagsPending: report.rule.quorum > 1,
    crowdAuthor: report.rule.quorum > 1 ? 'submitter' : 'owner',
    now,
  });
  return { status: 'accepted', stored: posts.length, skipped };
}

function countReport(hashtag: string, count: number): FieldReport {
  return { item: normalizeHashtag(hashtag, CROWD_NETWORK)!, field: 'count', value: count };
}

/**
 * The report's origin as agreement counts it (decision 025): the account, its network, its mail
 * domain and when it was made (an account without its row is taken as made now).
 */
async function submitterOf(database: Database, sender: CrowdSender, now: number): Promise<Submitter> {
  return {
    userId: sender.userId,
    deviceId: sender.deviceId,
    network: sender.network,
    mailDomain: mailDomainOf(sender.email),
    accountCreatedAt: (await findAccountCreatedAt(database, sender.userId)) ?? now,
  };
}

async function recordReports(
  database: Database,
  subject: CrowdSubject,
  reports: readonly FieldReport[],
  report: Omit<CrowdReport, 'sender'> & { submitter: Submitter },
): Promise<void> {
  if (reports.length === 0) return;
  await recordCrowdReports(database, {
    store: CROWD_STORES[subject],
    network: CROWD_NETWORK,
    reports,
    submitter: report.submitter,
    ...crowdDeciding(subject, { rule: report.rule, now: report.now, restore: false }),
  });
}
