import type { ProspectPageResponse, UsageResponse } from '@tagscout/core/api';
import { currentUsagePeriod, toCsv } from '@tagscout/core/quarries';
import { countProspects, findProspects, findUsage, type ProspectRow } from './prospects.repository.js';
import { type Actor, adminOwnerId, type QuarriesContext, quarryNotFound, toIso } from './quarries.context.js';
import { findQuarry } from './quarries.repository.js';

/** The prospects of the quarry's latest run, a page at a time: new ones first, newest post first. */
export async function listProspects(
  context: QuarriesContext,
  actor: Actor,
  options: { quarryId: string; page: number; pageSize: number },
): Promise<ProspectPageResponse> {
  const ownerId = adminOwnerId(actor);
  const { quarryId, page, pageSize } = options;
  const quarry = await findQuarry(context.database, { ownerId, quarryId });
  if (!quarry) throw quarryNotFound();
  const run = Number(quarry.run_count);
  const key = { ownerId, quarryId, run };
  const [{ total, newCount }, rows] = await Promise.all([
    countProspects(context.database, key),
    findProspects(context.database, { ...key, offset: (page - 1) * pageSize, limit: pageSize }),
  ]);
  return {
    quarry_id: quarryId,
    prospects: rows.map((row) => presentProspect(row, run)),
    total,
    new_count: newCount,
    page,
    page_size: pageSize,
    last_run_at: quarry.last_run_at === null ? null : toIso(Number(quarry.last_run_at)),
  };
}

const CSV_HEADER = [
  'username',
  'full_name',
  'followers',
  'category',
  'biography',
  'matched_posts',
  'last_post_at',
  'first_seen_at',
  'is_new',
  'profile_url',
];

/** Every prospect of the latest run as CSV (with a BOM so spreadsheets read it as UTF-8). */
export async function exportProspectsCsv(
  context: QuarriesContext,
  actor: Actor,
  quarryId: string,
): Promise<{ filename: string; text: string }> {
  const ownerId = adminOwnerId(actor);
  const quarry = await findQuarry(context.database, { ownerId, quarryId });
  if (!quarry) throw quarryNotFound();
  const run = Number(quarry.run_count);
  const rows = await findProspects(context.database, {
    ownerId,
    quarryId,
    run,
    offset: 0,
    limit: context.limits.recordLimit,
  });
  const lines = rows.map((row) => {
    const prospect = presentProspect(row, run);
    return [
      prospect.username,
      prospect.full_name,
      prospect.followers,
      prospect.category,
      prospect.biography,
      prospect.matched_posts,
      prospect.last_post_at,
      prospect.first_seen_at,
      prospect.is_new,
      `https://www.instagram.com/${encodeURIComponent(prospect.username)}/`,
    ];
  });
  const slug = quarry.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return {
    filename: `prospects-${slug || quarryId.slice(0, 8)}.csv`,
    text: `\uFEFF${toCsv([CSV_HEADER, ...lines])}`,
  };
}

/** The account's figures for its current 30-day period against the configured allowance. */
export async function getUsage(context: QuarriesContext, actor: Actor): Promise<UsageResponse> {
  const ownerId = adminOwnerId(actor);
  const usage = await findUsage(context.database, ownerId);
  const period = currentUsagePeriod(usage?.period_start ?? null, context.now(), context.limits.periodDays);
  const isCurrent = usage !== undefined && !period.isNew;
  return {
    day: period.day,
    day_limit: context.limits.periodDays,
    posts: isCurrent ? usage.posts_scanned : 0,
    post_limit: context.limits.postsPerPeriod,
    prospects: isCurrent ? usage.prospects_found : 0,
    prospect_limit: context.limits.prospectsPerPeriod,
    period_start: toIso(period.startMs),
    period_end: toIso(period.endMs),
  };
}

function presentProspect(row: ProspectRow, run: number) {
  return {
    profile_id: row.profile_id,
    username: row.username,
    full_name: row.full_name,
    biography: row.biography,
    followers: row.followers,
    category: row.business_category_name,
    is_verified: Number(row.is_verified) === 1,
    matched_posts: Number(row.matched_posts),
    last_post_at: toIso(row.last_post_at * 1000),
    first_seen_at: toIso(row.first_seen_at),
    is_new: Number(row.first_seen_run) === run,
  };
}
