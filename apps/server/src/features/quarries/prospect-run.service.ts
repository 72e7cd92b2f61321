import type { RunSummary } from '@tagscout/core/api';
import {
  currentUsagePeriod,
  matchesPostFilters,
  matchesProfileFilters,
  type ProspectCandidate,
  postAgeCutoff,
  selectProspects,
} from '@tagscout/core/quarries';
import { isAdministrator } from '../accounts/accounts.service.js';
import { parseTagIds } from '../store/post-rows.js';
import {
  findPostsAtPlace,
  findProfilesByIds,
  findSeenProfileIds,
  findTagNames,
  findUsage,
  recordRun,
} from './prospects.repository.js';
import type { QuarriesContext } from './quarries.context.js';
import { readStoredQuarry } from './quarries.presenter.js';
import { findActiveQuarryIds, findQuarryToRun } from './quarries.repository.js';

/** Posts read per query while scanning a place. */
const PAGE = 1000;

/** What a background run is asked to do. */
export type ProspectJob =
  | { kind: 'quarry'; quarryId: string }
  | { kind: 'owner'; ownerId: string }
  | { kind: 'all' };

/** The dedupe key of a job: one run of the same thing at a time. */
export function prospectJobKey(job: ProspectJob): string {
  if (job.kind === 'quarry') return `quarry:${job.quarryId}`;
  if (job.kind === 'owner') return `owner:${job.ownerId}`;
  return 'all';
}

/** Runs a job: one quarry, an owner's active quarries, or every active quarry (the schedule). */
export async function runProspectJob(context: QuarriesContext, job: ProspectJob): Promise<RunSummary[]> {
  if (job.kind === 'quarry') return [await runQuarry(context, job.quarryId)];
  const ids = await findActiveQuarryIds(context.database, job.kind === 'owner' ? job.ownerId : undefined);
  const summaries: RunSummary[] = [];
  for (const quarryId of ids) summaries.push(await runQuarry(context, quarryId));
  return summaries;
}

/**
 * One run of one quarry (decision 008):
 * 1. acts only for an owner who is still an administrator, on an active quarry, within the
 *    account's posts allowance for the period;
 * 2. scans the posts at the quarry's places within max post age, newest first, and keeps those whose
 *    hashtags pass the post filters, grouped by owner;
 * 3. keeps the owners whose profiles pass the profile filters;
 * 4. records at most 900 of them, never-seen first, and counts as new only those never seen before.
 */
export async function runQuarry(context: QuarriesContext, quarryId: string): Promise<RunSummary> {
  const skipped = (reason: RunSummary['skipped']): RunSummary => ({
    quarry_id: quarryId,
    posts_scanned: 0,
    prospects: 0,
    new_prospects: 0,
    capped: false,
    skipped: reason,
  });
  const { database } = context;
  const quarry = await findQuarryToRun(database, quarryId);
  if (!quarry) return skipped('not_found');
  const isAdmin = await isAdministrator(context.database, quarry.owner_id, {
    now: context.now(),
    adminBillingMarker: context.adminBillingMarker,
  });
  if (!isAdmin) return skipped('not_admin');
  if (quarry.active !== 1) return skipped('inactive');

  const now = context.now();
  const usage = await findUsage(database, quarry.owner_id);
  const period = currentUsagePeriod(usage?.period_start ?? null, now, context.limits.periodDays);
  const used =
    period.isNew || !usage
      ? { posts: 0, prospects: 0 }
      : { posts: usage.posts_scanned, prospects: usage.prospects_found };
  const postBudget = context.limits.postsPerPeriod - used.posts;
  if (postBudget <= 0) return skipped('limit_reached');

  const { placeIds, postFilters, profileFilters } = readStoredQuarry(quarry);
  const scan = await scanPlaces(context, {
    placeIds,
    since: postAgeCutoff(now, postFilters.max_age),
    budget: postBudget,
    matches: (tags) => matchesPostFilters(tags, postFilters),
  });
  const profiles = await findProfilesByIds(database, [...scan.byOwner.keys()]);
  const candidates = profiles
    .filter((profile) => matchesProfileFilters(profile, profileFilters))
    .map((profile) => ({ ...scan.byOwner.get(profile.id)!, profileId: profile.id }));

  const selection = selectProspects(candidates, {
    seen: await findSeenProfileIds(database, quarryId),
    recordLimit: context.limits.recordLimit,
    newBudget: context.limits.prospectsPerPeriod - used.prospects,
  });
  await recordRun(database, {
    quarryId,
    ownerId: quarry.owner_id,
    records: selection.records,
    newCount: selection.newCount,
    postsScanned: scan.scanned,
    now,
    period: { startMs: period.startMs, isNew: period.isNew || !usage },
  });
  return {
    quarry_id: quarryId,
    posts_scanned: scan.scanned,
    prospects: selection.records.length,
    new_prospects: selection.newCount,
    capped: selection.isCapped,
    skipped: null,
  };
}

interface Scan {
  scanned: number;
  /** Owners of matching posts: their newest matching post and how many matched. */
  byOwner: Map<string, Omit<ProspectCandidate, 'profileId'>>;
}

/** Reads the places' posts since `since`, one place after another, until the budget is spent. */
async function scanPlaces(
  context: QuarriesContext,
  options: {
    placeIds: readonly string[];
    since: number;
    budget: number;
    matches: (tags: string[]) => boolean;
  },
): Promise<Scan> {
  const scan: Scan = { scanned: 0, byOwner: new Map() };
  const tagNames = new Map<number, string>();
  for (const placeId of options.placeIds) {
    let after: { takenAt: number; id: number } | null = null;
    for (;;) {
      const limit = Math.min(PAGE, options.budget - scan.scanned);
      if (limit <= 0) return scan;
      const posts = await findPostsAtPlace(context.database, { placeId, since: options.since, after, limit });
      const tagIdsOf = posts.map((post) => parseTagIds(post.tag_ids));
      const unknown = [...new Set(tagIdsOf.flat())].filter((id) => !tagNames.has(id));
      for (const [id, name] of await findTagNames(context.database, unknown)) tagNames.set(id, name);

      posts.forEach((post, index) => {
        scan.scanned += 1;
        if (!post.owner) return;
        const tags = tagIdsOf[index]!.flatMap((id) => tagNames.get(id) ?? []);
        if (!options.matches(tags)) return;
        const takenAt = Number(post.taken_at);
        const found = scan.byOwner.get(post.owner);
        if (found) {
          found.matchedPosts += 1;
          found.lastPostAt = Math.max(found.lastPostAt, takenAt);
        } else {
          scan.byOwner.set(post.owner, { lastPostAt: takenAt, matchedPosts: 1 });
        }
      });
      if (posts.length < limit) break;
      const last = posts[posts.length - 1]!;
      after = { takenAt: Number(last.taken_at), id: last.id };
    }
  }
  return scan;
}
