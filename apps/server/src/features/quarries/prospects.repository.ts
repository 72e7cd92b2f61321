import { sql } from 'kysely';
import type { Database } from '../../db/connect.js';

export interface ScannedPost {
  id: number;
  owner: string | null;
  taken_at: number;
  tag_ids: string;
}

/**
 * One page of a place's posts since `since` (epoch seconds), newest first, after the cursor: a range
 * of the posts_place index (place_id, taken_at desc, id desc).
 */
export async function findPostsAtPlace(
  database: Database,
  options: { placeId: string; since: number; after: { takenAt: number; id: number } | null; limit: number },
): Promise<ScannedPost[]> {
  const { placeId, since, after, limit } = options;
  let query = database.db
    .selectFrom('posts')
    .select(['id', 'owner', 'taken_at', 'tag_ids'])
    .where('place_id', '=', placeId)
    .where('taken_at', '>=', since);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('taken_at', '<', after.takenAt),
        eb.and([eb('taken_at', '=', after.takenAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('taken_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

const CHUNK = 500;

/** Tag names by id. */
export async function findTagNames(database: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await database.db
      .selectFrom('hashtags')
      .select(['id', 'name'])
      .where('id', 'in', ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

export interface ProfileFactsRow {
  id: string;
  username: string;
  full_name: string;
  biography: string;
  followers: number;
  business_category_name: string | null;
}

export async function findProfilesByIds(
  database: Database,
  ids: readonly string[],
): Promise<ProfileFactsRow[]> {
  const profiles: ProfileFactsRow[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await database.db
      .selectFrom('profiles')
      .select(['id', 'username', 'full_name', 'biography', 'followers', 'business_category_name'])
      .where('id', 'in', ids.slice(start, start + CHUNK))
      .execute();
    profiles.push(...rows.map((row) => ({ ...row, followers: Number(row.followers) })));
  }
  return profiles;
}

/** Every profile the quarry has ever recorded. */
export async function findSeenProfileIds(database: Database, quarryId: string): Promise<Set<string>> {
  const rows = await database.db
    .selectFrom('quarry_prospects')
    .select('profile_id')
    .where('quarry_id', '=', quarryId)
    .execute();
  return new Set(rows.map((row) => row.profile_id));
}

export interface RunRecord {
  profileId: string;
  lastPostAt: number;
  matchedPosts: number;
}

export interface RunToRecord {
  quarryId: string;
  ownerId: string;
  records: readonly RunRecord[];
  newCount: number;
  postsScanned: number;
  now: number;
  /** The usage period the run counts in; `isNew` restarts the account's counters. */
  period: { startMs: number; isNew: boolean };
}

/**
 * Records one run in one transaction: the quarry's run number goes up by one (atomically, so
 * concurrent runs never share one), its prospects are upserted with that number (a new profile keeps
 * it as first_seen_run), the quarry's counters are set and the account's usage grows.
 */
export async function recordRun(database: Database, run: RunToRecord): Promise<number> {
  return database.db.transaction().execute(async (trx) => {
    const { run_count: runNumber } = await trx
      .updateTable('quarries')
      .set((eb) => ({
        run_count: eb('run_count', '+', 1),
        new_prospects: run.newCount,
        prospect_count: run.records.length,
        last_run_at: run.now,
      }))
      .where('id', '=', run.quarryId)
      .returning('run_count')
      .executeTakeFirstOrThrow();

    for (let start = 0; start < run.records.length; start += 200) {
      const rows = run.records.slice(start, start + 200).map((record) => ({
        quarry_id: run.quarryId,
        profile_id: record.profileId,
        first_seen_at: run.now,
        first_seen_run: runNumber,
        last_seen_run: runNumber,
        last_post_at: record.lastPostAt,
        matched_posts: record.matchedPosts,
      }));
      await trx
        .insertInto('quarry_prospects')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['quarry_id', 'profile_id']).doUpdateSet((eb) => ({
            last_seen_run: eb.ref('excluded.last_seen_run'),
            last_post_at: eb.ref('excluded.last_post_at'),
            matched_posts: eb.ref('excluded.matched_posts'),
          })),
        )
        .execute();
    }

    await trx
      .insertInto('prospecting_usage')
      .values({
        owner_id: run.ownerId,
        period_start: run.period.startMs,
        posts_scanned: run.postsScanned,
        prospects_found: run.newCount,
        updated_at: run.now,
      })
      .onConflict((oc) =>
        oc.column('owner_id').doUpdateSet((eb) =>
          run.period.isNew
            ? {
                period_start: eb.ref('excluded.period_start'),
                posts_scanned: eb.ref('excluded.posts_scanned'),
                prospects_found: eb.ref('excluded.prospects_found'),
                updated_at: eb.ref('excluded.updated_at'),
              }
            : {
                posts_scanned: eb('prospecting_usage.posts_scanned', '+', eb.ref('excluded.posts_scanned')),
                prospects_found: eb(
                  'prospecting_usage.prospects_found',
                  '+',
                  eb.ref('excluded.prospects_found'),
                ),
                updated_at: eb.ref('excluded.updated_at'),
              },
        ),
      )
      .execute();
    return runNumber;
  });
}

export async function findUsage(
  database: Database,
  ownerId: string,
): Promise<{ period_start: number; posts_scanned: number; prospects_found: number } | undefined> {
  const row = await database.db
    .selectFrom('prospecting_usage')
    .select(['period_start', 'posts_scanned', 'prospects_found'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return (
    row && {
      period_start: Number(row.period_start),
      posts_scanned: Number(row.posts_scanned),
      prospects_found: Number(row.prospects_found),
    }
  );
}

export interface ProspectRow {
  profile_id: string;
  username: string;
  full_name: string;
  biography: string;
  followers: number;
  business_category_name: string | null;
  is_verified: number;
  matched_posts: number;
  last_post_at: number;
  first_seen_at: number;
  first_seen_run: number;
}

/** The owner's quarry's prospects of run `run` (its latest): new ones first, then newest post first. */
function prospectsOfRun(database: Database, key: { ownerId: string; quarryId: string; run: number }) {
  return database.db
    .selectFrom('quarry_prospects as qp')
    .innerJoin('quarries as q', 'q.id', 'qp.quarry_id')
    .innerJoin('profiles as p', 'p.id', 'qp.profile_id')
    .where('q.owner_id', '=', key.ownerId)
    .where('qp.quarry_id', '=', key.quarryId)
    .where('qp.last_seen_run', '=', key.run);
}

export async function countProspects(
  database: Database,
  key: { ownerId: string; quarryId: string; run: number },
): Promise<{ total: number; newCount: number }> {
  const row = await prospectsOfRun(database, key)
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum(sql<number>`case when qp.first_seen_run = ${key.run} then 1 else 0 end`).as('new_count'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), newCount: Number(row.new_count ?? 0) };
}

export async function findProspects(
  database: Database,
  key: { ownerId: string; quarryId: string; run: number; offset: number; limit: number },
): Promise<ProspectRow[]> {
  const rows = await prospectsOfRun(database, key)
    .select([
      'qp.profile_id',
      'p.username',
      'p.full_name',
      'p.biography',
      'p.followers',
      'p.business_category_name',
      'p.is_verified',
      'qp.matched_posts',
      'qp.last_post_at',
      'qp.first_seen_at',
      'qp.first_seen_run',
    ])
    .orderBy('qp.first_seen_run', 'desc')
    .orderBy('qp.last_post_at', 'desc')
    .orderBy('qp.profile_id')
    .offset(key.offset)
    .limit(key.limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    followers: Number(row.followers),
    last_post_at: Number(row.last_post_at),
    first_seen_at: Number(row.first_seen_at),
  }));
}
