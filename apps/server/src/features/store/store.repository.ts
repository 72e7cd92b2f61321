import { type CompiledQuery, type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connect.js';
import { ConcurrentChangeError, retryOnConflict } from '../../db/retry-on-conflict.js';
import type { ProfileTable, Tables } from '../../db/tables.js';
import { type CrowdPostReport, recordCrowdPostReports } from './crowd-posts.repository.js';
import {
  chunksOf,
  DailyUses,
  groupBy,
  type IngestBatch,
  mergeRepeat,
  newTagState,
  PostLinks,
  type PostToStore,
  type PostWriting,
  type ProfileToStore,
  withoutRepeats,
} from './ingest-batch.js';
import { linkPendingPostsSqlite } from './pending-links-sqlite.repository.js';
import { addDailyUses, insertLinks } from './post-links.repository.js';
import { insertPostsPostgres, insertTagsPostgres } from './store-postgres.repository.js';
import { storeIngestSqlite } from './store-sqlite.repository.js';

const SECONDS_PER_DAY = 86_400;

export type { IngestBatch, PlaceToStore, PostToStore, ProfileToStore } from './ingest-batch.js';

export interface StoreOptions {
  /** Use the raw better-sqlite3 statements (default on SQLite); false forces the portable Kysely path. */
  fastPath?: boolean;
  /** Tag name -> id, shared across batches of one import (one network); filled only with committed ids. */
  tagIds?: Map<string, number>;
  /**
   * Bulk imports: store new posts without their links and daily uses (linked = 0); linkPendingPosts
   * then writes every pending link and use at once, sorted by key. Until then those posts count for
   * no tag (on PostgreSQL their tag and place links may be in a little earlier, see
   * linkPendingPostsPostgres).
   */
  deferLinks?: boolean;
}

/**
 * Writes a batch in one transaction, every tag and post on the batch's network. Repeating a batch
 * changes nothing but updated_at: posts are keyed by the network's post id, a link by (tag, post),
 * and a post's daily uses are counted when it is first stored.
 */
export async function storeIngest(
  database: Database,
  input: IngestBatch,
  options: StoreOptions = {},
): Promise<void> {
  const batch = withoutRepeats(input);
  const created = new Map<string, number>();
  const known = options.tagIds ?? new Map<string, number>();
  const writing: PostWriting = {
    tagIdOf: (name) => known.get(name) ?? created.get(name),
    created,
    linked: options.deferLinks ? 0 : 1,
    uses: new DailyUses(),
  };
  // Crowd batches are small, record who reported each post and must wait for a purge of its
  // submitter (crowd-posts.repository.ts): they take the portable path, whose transactions the
  // SQLite dialect runs one at a time.
  const useFastPath = (options.fastPath ?? database.sqlite !== undefined) && !batch.submittedBy;
  if (useFastPath && database.sqlite) {
    const profileQueries = itemQueries(database.db, { ...batch, hashtags: [], places: [] });
    storeIngestSqlite(database.sqlite, batch, { profileQueries, writing });
  } else {
    const items = itemQueries(database.db, batch);
    // Two bodies naming each other's tags can lock the same rows in opposite orders on PostgreSQL.
    await retryOnConflict(() => {
      created.clear();
      writing.uses = new DailyUses();
      return database.db.transaction().execute(async (trx) => {
        for (const query of items) await trx.executeQuery(query);
        await storePostsKysely(trx, batch, { ...writing, postgres: database.dialect === 'postgres' });
        await addDailyUses(trx, writing.uses);
      });
    });
  }
  if (options.tagIds) for (const [name, id] of created) options.tagIds.set(name, id);
  if (!batch.submittedBy) await trustPendingTags(database, batch);
}

/**
 * A trusted batch vouches for the tags it carries on its network: pending ones become `lookup` (seen,
 * count unknown).
 */
async function trustPendingTags(database: Database, batch: IngestBatch): Promise<void> {
  const anyPending = await database.db
    .selectFrom('hashtags')
    .select('id')
    .where('network', '=', batch.network)
    .where('count_state', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  if (!anyPending) return;
  const names = new Set<string>();
  for (const post of batch.posts ?? []) for (const name of post.hashtags) names.add(name);
  for (const chunk of chunksOf([...names], 1000)) {
    await database.db
      .updateTable('hashtags')
      .set({ count_state: 'lookup' })
      .where('network', '=', batch.network)
      .where('count_state', '=', 'pending')
      .where('name', 'in', chunk)
      .execute();
  }
}

// ---- Tags, places and profiles, built with Kysely (the SQLite path takes only the profiles) ----

function itemQueries(db: Kysely<Tables>, batch: IngestBatch): CompiledQuery[] {
  const queries: CompiledQuery[] = [];
  for (const chunk of chunksOf(batch.hashtags ?? [], 1000)) {
    const rows = chunk.map(({ name, count }) => ({
      network: batch.network,
      name,
      post_count: count,
      count_state: 'known' as const,
      count_source: batch.source,
      banned: 0,
      updated_at: batch.now,
    }));
    queries.push(
      db
        .insertInto('hashtags')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['network', 'name'])
            .doUpdateSet((eb) => ({
              post_count: eb.ref('excluded.post_count'),
              count_state: eb.ref('excluded.count_state'),
              count_source: eb.ref('excluded.count_source'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .whereRef('excluded.updated_at', '>=', 'hashtags.updated_at'),
        )
        .compile(),
    );
  }
  for (const chunk of chunksOf(batch.places ?? [], 500)) {
    const rows = chunk.map((place) => ({
      id: place.id,
      title: place.title,
      title_key: place.titleKey,
      post_count: place.count,
      profile_pic_url: place.profilePicUrl ?? null,
      updated_at: batch.now,
      value_source: batch.source,
    }));
    queries.push(
      db
        .insertInto('places')
        .values(rows)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => ({
              title: eb.ref('excluded.title'),
              title_key: eb.ref('excluded.title_key'),
              post_count: eb.ref('excluded.post_count'),
              profile_pic_url: sql`coalesce(excluded.profile_pic_url, places.profile_pic_url)`,
              updated_at: eb.ref('excluded.updated_at'),
              value_source: eb.ref('excluded.value_source'),
            }))
            .whereRef('excluded.updated_at', '>=', 'places.updated_at'),
        )
        .compile(),
    );
  }
  // Profiles arrive with different fields known (a search result has no biography); rows with the
  // same known fields share one statement that updates only those fields.
  for (const group of groupBy(batch.profiles ?? [], (profile) => Object.keys(profile).sort().join(','))) {
    const columns = Object.keys(group[0]!).filter((column) => column !== 'id') as (keyof ProfileToStore)[];
    for (const chunk of chunksOf(group, 200)) {
      queries.push(
        db
          .insertInto('profiles')
          // Every row of the group holds exactly `columns`; the rest take their defaults.
          .values(
            chunk.map(
              (profile) =>
                ({
                  ...profile,
                  updated_at: batch.now,
                  value_source: batch.source,
                }) as Insertable<ProfileTable>,
            ),
          )
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet(
                Object.fromEntries(
                  [...columns, 'updated_at', 'value_source'].map((column) => [
                    column,
                    sql.ref(`excluded.${column}`),
                  ]),
                ),
              )
              .whereRef('excluded.updated_at', '>=', 'profiles.updated_at'),
          )
          .compile(),
      );
    }
  }
  return queries;
}

// ---- Posts and links ----

/**
 * Portable multi-row statements (PostgreSQL, and SQLite when asked); on PostgreSQL new tags and
 * posts go in as arrays (store-postgres.repository.ts).
 */
async function storePostsKysely(
  trx: Transaction<Tables>,
  batch: IngestBatch,
  writing: PostWriting & { postgres: boolean },
): Promise<void> {
  const posts = batch.posts ?? [];
  if (posts.length === 0) return;
  // Sorted, so concurrent ingests take row locks in one order.
  const missing = [...new Set(posts.flatMap((post) => post.hashtags))].filter(
    (name) => writing.tagIdOf(name) === undefined,
  );
  missing.sort();
  for (const chunk of chunksOf(missing, writing.postgres ? 10_000 : 1000)) {
    const rows = writing.postgres
      ? await insertTagsPostgres(trx, chunk, {
          network: batch.network,
          countState: newTagState(batch),
          now: batch.now,
        })
      : await insertTagsKysely(trx, chunk, batch);
    for (const row of rows) writing.created.set(row.name, row.id);
  }

  const links = new PostLinks();
  const reporter = batch.submittedBy ?? null;
  const reports: CrowdPostReport[] = [];
  const reportOf = (id: number, post: PostToStore, tagIds: readonly number[]) =>
    reports.push({ postId: id, owner: post.owner, placeId: post.placeId, tagIds: tagIds.join(',') });
  const sorted = [...posts].sort((a, b) => (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0));
  const ofBatch = {
    source: batch.source,
    submitted_by: batch.submittedBy ?? null,
    network: batch.network,
    linked: writing.linked,
  };
  for (const chunk of chunksOf(sorted, writing.postgres ? 5000 : 500)) {
    const tagIdsOf = new Map(
      chunk.map((post) => [post.postId, post.hashtags.map((name) => writing.tagIdOf(name)!)]),
    );
    const rows = chunk.map((post) => ({
      post_id: post.postId,
      owner: post.owner,
      taken_at: post.takenAt,
      place_id: post.placeId,
      tag_ids: tagIdsOf.get(post.postId)!.join(','),
    }));
    const inserted = writing.postgres
      ? await insertPostsPostgres(trx, rows, ofBatch)
      : await trx
          .insertInto('posts')
          .values(rows.map((row) => ({ ...row, ...ofBatch })))
          .onConflict((oc) => oc.column('post_id').doNothing())
          .returning(['id', 'post_id', 'taken_at', 'place_id', 'owner'])
          .execute();
    const chunkById = new Map(chunk.map((post) => [post.postId, post]));
    const isNew = new Set<string>();
    for (const row of inserted) {
      isNew.add(row.post_id);
      const post = { id: row.id, takenAt: row.taken_at, placeId: row.place_id, owner: row.owner };
      if (writing.linked) {
        writing.uses.add(tagIdsOf.get(row.post_id)!, row.taken_at);
        links.addPost(post, tagIdsOf.get(row.post_id)!);
      }
      if (reporter !== null) reportOf(row.id, chunkById.get(row.post_id)!, tagIdsOf.get(row.post_id)!);
    }
    const repeats = chunk.filter((post) => !isNew.has(post.postId));
    if (repeats.length === 0) continue;
    let selectStored = trx
      .selectFrom('posts')
      .select(['id', 'post_id', 'owner', 'place_id', 'taken_at', 'tag_ids', 'linked', 'submitted_by'])
      .where(
        'post_id',
        'in',
        repeats.map((post) => post.postId),
      )
      .orderBy('id');
    // PostgreSQL: a purge of the post's submitter waits for this batch, or this batch for the purge.
    if (writing.postgres) selectStored = selectStored.forUpdate();
    const stored = await selectStored.execute();
    const storedById = new Map(stored.map((row) => [row.post_id, row]));
    for (const post of repeats) {
      const row = storedById.get(post.postId);
      // Removed by a purge since the insert found it: the batch is tried again and stores it anew.
      if (!row) throw new ConcurrentChangeError(`post ${post.postId} was removed meanwhile`);
      const tagIds = tagIdsOf.get(post.postId)!;
      const update = mergeRepeat(row, post, tagIds, { links, uses: writing.uses, reporter });
      if (update) await trx.updateTable('posts').set(update).where('id', '=', row.id).execute();
      // A crowd post: the report is remembered, for when the account that created it is removed.
      if (reporter !== null && row.submitted_by !== null) reportOf(row.id, post, tagIds);
    }
  }
  await recordCrowdPostReports(trx, { submitter: reporter, reports, now: batch.now });

  await insertLinks(trx, links);
}

/** Creates the tags of the names not stored yet (count unknown) and gives every name's id. */
async function insertTagsKysely(
  trx: Transaction<Tables>,
  names: string[],
  batch: IngestBatch,
): Promise<{ id: number; name: string }[]> {
  await trx
    .insertInto('hashtags')
    .values(
      names.map((name) => ({
        network: batch.network,
        name,
        post_count: -1,
        count_state: newTagState(batch),
        banned: 0,
        updated_at: batch.now,
      })),
    )
    .onConflict((oc) => oc.columns(['network', 'name']).doNothing())
    .execute();
  return trx
    .selectFrom('hashtags')
    .select(['id', 'name'])
    .where('network', '=', batch.network)
    .where('name', 'in', names)
    .execute();
}

/**
 * Writes the links of every post stored with deferLinks (to its tags, place and owner) and its
 * tags' daily uses, each table in key order so it is appended to, and marks those posts linked.
 * Returns how many posts it linked. SQLite: in transactions of 100,000 posts, sorted in memory
 * (pending-links-sqlite.repository.ts); PostgreSQL: each table in one sorted statement, the tag
 * and place links on a connection of their own (see linkPendingPostsPostgres).
 */
export async function linkPendingPosts(database: Database): Promise<number> {
  if (database.sqlite) return await linkPendingPostsSqlite(database.sqlite);
  return linkPendingPostsPostgres(database.db);
}

/** PostgreSQL's error code for a row that is already there. */
const UNIQUE_VIOLATION = '23505';

/**
 * The tag links, most of the work, and the place links are written in a transaction of their own
 * while a second one writes the owner links and the daily uses, so the two take two of PostgreSQL's
 * cores. The second locks the pending posts' rows before the first starts, and marks the posts linked
 * once the first has committed. Both take the pending posts up to the same id, read first (each
 * statement otherwise sees what is committed when it starts).
 *
 * Links can be written again without harm (a link already there is skipped). If the second
 * transaction fails after the first has committed, the posts stay pending: they show in their tags'
 * related lists and their places' recent posts, but count no daily uses until the next import's or
 * seeding's link step writes the rest. The daily uses come last, so the rows a live ingest may also
 * be updating stay locked about as long as the first transaction's remaining work and the marking
 * take.
 */
async function linkPendingPostsPostgres(db: Kysely<Tables>): Promise<number> {
  const newest = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('linked', '=', 0)
    .executeTakeFirst();
  if (newest?.id == null) return 0;
  const last = newest.id;
  // The day as dayOfEpochSeconds counts it: a double's division rounded down, as JavaScript's (and
  // cheaper than numeric's, which took a third of the daily uses' time).
  const day = sql`floor(p.taken_at / ${sql.lit(SECONDS_PER_DAY)}::float8)::integer`;
  const tagsOfPending = sql`posts p cross join lateral unnest(string_to_array(p.tag_ids, ',')::int[]) as t(tag_id)
          where p.linked = 0 and p.id <= ${last} and p.tag_ids <> ''`;
  // Millions of links for a large import: longer than the pool's 5 s statement timeout allows.
  const noTimeout = sql`set local statement_timeout = 0`;
  const writeTagAndPlaceLinks = (skipStored: boolean) =>
    db.transaction().execute(async (trx) => {
      await noTimeout.execute(trx);
      await sql`insert into post_hashtags (hashtag_id, taken_at, post_id)
                select t.tag_id, p.taken_at, p.id from ${tagsOfPending}
                order by 1, 2, 3 ${skipStored ? sql`on conflict do nothing` : sql``}`.execute(trx);
      await sql`insert into post_places (place_id, taken_at, post_id)
                select place_id, taken_at, id from posts where linked = 0 and id <= ${last} and place_id is not null
                order by 1, 2, 3 on conflict do nothing`.execute(trx);
    });
  // The first transaction starts once the second has locked the pending posts (see below), or not
  // at all when the second fails before that.
  let postsLocked!: (locked: boolean) => void;
  const whenPostsLocked = new Promise<boolean>((resolve) => {
    postsLocked = resolve;
  });
  // Pending posts have no tag links, but after a stopped link step, or beside another one: a plain
  // insert costs PostgreSQL about a third less than `on conflict`, which is kept for those cases.
  const tagAndPlaceLinks = whenPostsLocked.then(async (locked) => {
    if (!locked) return;
    await writeTagAndPlaceLinks(false).catch((error: unknown) => {
      if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) return writeTagAndPlaceLinks(true);
      throw error;
    });
  });
  const theRest = db.transaction().execute(async (trx) => {
    await noTimeout.execute(trx);
    // One link step at a time counts uses: a second one waits here, then finds these posts linked.
    await sql`select pg_advisory_xact_lock(hashtext('tagscout:link-pending-posts'))`.execute(trx);
    // A live ingest that brings one of these posts again waits for this transaction, then finds it
    // linked and links the tags it adds itself. Otherwise it could add them after a link statement
    // had read the post, and they would never be linked.
    await sql`select count(*) from
              (select id from posts where linked = 0 and id <= ${last} for update) as pending`.execute(trx);
    postsLocked(true);
    await sql`insert into post_owners (owner, taken_at, post_id)
              select owner, taken_at, id from posts where linked = 0 and id <= ${last} and owner is not null
              order by 1, 2, 3 on conflict do nothing`.execute(trx);
    await sql`insert into hashtag_daily_uses (hashtag_id, day, uses)
              select t.tag_id, ${day}, count(*) from ${tagsOfPending} group by 1, 2 order by 1, 2
              on conflict (hashtag_id, day) do update set uses = hashtag_daily_uses.uses + excluded.uses`.execute(
      trx,
    );
    await tagAndPlaceLinks;
    const result = await trx
      .updateTable('posts')
      .set({ linked: 1 })
      .where('linked', '=', 0)
      .where('id', '<=', last)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
  theRest.catch(() => postsLocked(false));
  // The second waits for the first, so it fails when the first does. Waiting for both settles
  // everything before this returns, even when the second fails first.
  const [, linked] = await Promise.allSettled([tagAndPlaceLinks, theRest]);
  if (linked.status === 'rejected') throw linked.reason;
  return linked.value;
}

export async function hasAnyPost(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
