import { dayOfEpochMs, NETWORKS } from '@tagscout/core/networks';
import { firstTrendingDay, isSnapshotNetwork, trendingLastDay } from '@tagscout/core/trends';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { Tables } from '../../db/tables.js';
import type { CaptionWordCounts } from './caption-word-counts.js';
import { chunksOf, type DailyUses, type PostLinks, type PostUpdate, type UsesWrite } from './ingest-batch.js';
import { authorOfPostSql } from './post-author.js';
import type { InsertedPost, NewPost, NewTag, PostsOfBatch } from './post-rows.js';

/*
 * The one write path of posts, their links, their tags' daily uses and the tags they create through
 * Kysely, in the caller's transaction: PostgreSQL's (with array statements where PostgreSQL takes
 * them), and SQLite's outside the prepared statements of post-writes-sqlite.repository.ts (crowd
 * batches, purges, retention, the portable path tests compare). Callers: the store's batches and
 * pending-links pass, a stream's batches and retention (stream/), a crowd submitter's purge (crowd/),
 * and trends, which reads a snapshot's last day from the query the author rows are kept by
 * (findNewestDayOfTopTags): the one module of another feature's repositories those may import
 * (.dependency-cruiser.cjs, no-cross-feature-repositories).
 */

/** Each name's tag id on `tag.network`, creating the tags not stored yet as `tag` says (in name order, for lock order). */
export async function findOrCreateTags(
  trx: Transaction<Tables>,
  options: { names: Iterable<string>; tag: NewTag; dialect: DialectName },
): Promise<Map<string, number>> {
  const { tag } = options;
  const postgres = options.dialect === 'postgres';
  const ids = new Map<string, number>();
  for (const chunk of chunksOf([...new Set(options.names)].sort(), postgres ? 10_000 : 1000)) {
    for (const row of await selectTags(trx, { network: tag.network, names: chunk, postgres }))
      ids.set(row.name, row.id);
    const missing = chunk.filter((name) => !ids.has(name));
    if (missing.length === 0) continue;
    const created = postgres
      ? await sql<{ id: number; name: string }>`
          insert into hashtags (network, name, post_count, count_state, count_source, banned, updated_at)
          select ${tag.network}, n.name, ${tag.postCount}::integer, ${tag.countState}, ${tag.countSource}::text,
                 0, ${tag.now}::bigint
          from unnest(${missing}::text[]) as n(name)
          on conflict (network, name) do nothing
          returning id, name`
          .execute(trx)
          .then((result) => result.rows)
      : await trx
          .insertInto('hashtags')
          .values(
            missing.map((name) => ({
              network: tag.network,
              name,
              post_count: tag.postCount,
              count_state: tag.countState,
              count_source: tag.countSource,
              banned: 0,
              updated_at: tag.now,
            })),
          )
          .onConflict((oc) => oc.columns(['network', 'name']).doNothing())
          .returning(['id', 'name'])
          .execute();
    for (const row of created) ids.set(row.name, row.id);
    // Stored meanwhile by another transaction.
    const raced = missing.filter((name) => !ids.has(name));
    if (raced.length === 0) continue;
    for (const row of await selectTags(trx, { network: tag.network, names: raced, postgres }))
      ids.set(row.name, row.id);
  }
  return ids;
}

async function selectTags(
  trx: Transaction<Tables>,
  options: { network: string; names: readonly string[]; postgres: boolean },
): Promise<{ id: number; name: string }[]> {
  if (options.postgres) {
    const result = await sql<{ id: number; name: string }>`
      select id, name from hashtags where network = ${options.network} and name = any(${options.names}::text[])`.execute(
      trx,
    );
    return result.rows;
  }
  return trx
    .selectFrom('hashtags')
    .select(['id', 'name'])
    .where('network', '=', options.network)
    .where('name', 'in', options.names)
    .execute();
}

/**
 * Inserts the posts not stored yet and answers their rows; posts the batch's network has stored
 * with their ids already are skipped (another network's post with the same id is not). On
 * PostgreSQL in statements whose columns come as arrays, where a multi-row VALUES list of thousands
 * of parameters is parsed and bound anew each time (bench/HISTORY.md, "Tenth session").
 */
export async function insertPosts(
  trx: Transaction<Tables>,
  options: { posts: readonly NewPost[]; batch: PostsOfBatch; dialect: DialectName },
): Promise<InsertedPost[]> {
  const { batch } = options;
  const postgres = options.dialect === 'postgres';
  const inserted: InsertedPost[] = [];
  for (const rows of chunksOf(options.posts, postgres ? 5000 : 500)) {
    if (postgres) {
      const column = <K extends keyof NewPost>(key: K) => rows.map((row) => row[key]);
      const result = await sql<InsertedPost>`
        insert into posts (post_id, owner, taken_at, place_id, tag_ids, langs, source, submitted_by, network, linked)
        select p.post_id, p.owner, p.taken_at, p.place_id, p.tag_ids, p.langs,
               ${batch.source}, ${batch.submitted_by}::text, ${batch.network}, ${batch.linked}::integer
        from unnest(${column('post_id')}::text[], ${column('owner')}::text[], ${column('taken_at')}::bigint[],
                    ${column('place_id')}::text[], ${column('tag_ids')}::text[], ${column('langs')}::text[])
             as p(post_id, owner, taken_at, place_id, tag_ids, langs)
        on conflict (network, post_id) do nothing
        returning id, post_id, taken_at, place_id, owner`.execute(trx);
      inserted.push(...result.rows);
      continue;
    }
    inserted.push(
      ...(await trx
        .insertInto('posts')
        .values(rows.map((row) => ({ ...row, ...batch })))
        .onConflict((oc) => oc.columns(['network', 'post_id']).doNothing())
        .returning(['id', 'post_id', 'taken_at', 'place_id', 'owner'])
        .execute()),
    );
  }
  return inserted;
}

export async function updatePost(trx: Transaction<Tables>, id: number, update: PostUpdate): Promise<void> {
  await trx.updateTable('posts').set(update).where('id', '=', id).execute();
}

/** Writes links to tags, places and owners (each table in key order). */
export async function insertLinks(trx: Transaction<Tables>, links: PostLinks): Promise<void> {
  const tagLinks: { hashtag_id: number; taken_at: number; post_id: number }[] = [];
  links.tags.forEachByTag((hashtag_id, taken_at, post_id) =>
    tagLinks.push({ hashtag_id, taken_at, post_id }),
  );
  for (const chunk of chunksOf(tagLinks, 2000)) {
    await trx
      .insertInto('post_hashtags')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  const { places, owners } = links.sortedItems();
  for (const chunk of chunksOf(places, 2000)) {
    const rows = chunk.map(([place_id, taken_at, post_id]) => ({ place_id, taken_at, post_id }));
    await trx
      .insertInto('post_places')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const chunk of chunksOf(owners, 2000)) {
    const rows = chunk.map(([owner, taken_at, post_id]) => ({ owner, taken_at, post_id }));
    await trx
      .insertInto('post_owners')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * Adds uses to the daily counts and the daily posts per author (in key order), the latter for the
 * days trending can still read (firstAuthorDay). Uses taken back (removed posts) can leave a day
 * with none: such days of those tags go, as a day no post counts is not a day with uses, and so do
 * an author's days taken back to nothing.
 */
export async function addDailyUses(
  trx: Transaction<Tables>,
  uses: DailyUses,
  write: UsesWrite,
): Promise<void> {
  const rows = uses.rows();
  for (const chunk of chunksOf(rows, 2000)) {
    await trx
      .insertInto('hashtag_daily_uses')
      .values(chunk.map(([hashtag_id, day, count]) => ({ hashtag_id, day, uses: count })))
      .onConflict((oc) =>
        oc
          .columns(['hashtag_id', 'day'])
          .doUpdateSet((eb) => ({ uses: eb('hashtag_daily_uses.uses', '+', eb.ref('excluded.uses')) })),
      )
      .execute();
  }
  await addDailyAuthors(trx, uses.authorRows(await firstAuthorDay(trx, write)));
  if (!rows.some(([, , count]) => count <= 0)) return;
  const touched = [...new Set(rows.map(([tagId]) => tagId))];
  for (const chunk of chunksOf(touched, 500))
    await trx
      .deleteFrom('hashtag_daily_uses')
      .where('hashtag_id', 'in', chunk)
      .where('uses', '<=', 0)
      .execute();
}

async function addDailyAuthors(
  trx: Transaction<Tables>,
  rows: readonly [number, number, string, number][],
): Promise<void> {
  for (const chunk of chunksOf(rows, 2000)) {
    await trx
      .insertInto('hashtag_daily_authors')
      .values(chunk.map(([hashtag_id, day, author, posts]) => ({ hashtag_id, day, author, posts })))
      .onConflict((oc) =>
        oc
          .columns(['hashtag_id', 'day', 'author'])
          .doUpdateSet((eb) => ({ posts: eb('hashtag_daily_authors.posts', '+', eb.ref('excluded.posts')) })),
      )
      .execute();
  }
  for (const [hashtag_id, day, author, posts] of rows) {
    if (posts >= 0) continue;
    await trx
      .deleteFrom('hashtag_daily_authors')
      .where('hashtag_id', '=', hashtag_id)
      .where('day', '=', day)
      .where('author', '=', author)
      .where('posts', '<=', 0)
      .execute();
  }
}

/**
 * The first day whose author rows "Trending now" can read, now or later, once this write's daily
 * uses are in (decision 034): trending reads its last day and the two before, and its last day is
 * the clock's, or a snapshot network's most used tags' newest day (findNewestDayOfTopTags); both
 * only move forward. Older author rows would never be read, so they are not written.
 */
export async function firstAuthorDay(db: Kysely<Tables>, write: UsesWrite): Promise<number> {
  const { network } = write;
  const newestDayOfTopTags = isSnapshotNetwork(network)
    ? await findNewestDayOfTopTags(db, network)
    : undefined;
  return firstTrendingDay(trendingLastDay({ network, today: dayOfEpochMs(write.now), newestDayOfTopTags }));
}

/**
 * The newest day with uses among the network's ten most used tags: where trending ends for a
 * network that does not grow (the sample), the day its data ends. Undefined when those tags have no
 * daily uses. Trending reads it, and the write path keeps author rows by it (firstAuthorDay).
 */
export async function findNewestDayOfTopTags(
  db: Kysely<Tables>,
  network: string,
): Promise<number | undefined> {
  const top = db
    .selectFrom('hashtags')
    .select('id')
    .where('network', '=', network)
    .orderBy('post_count', 'desc')
    .orderBy('name')
    .limit(TOP_TAGS);
  const row = await db
    .selectFrom('hashtag_daily_uses')
    .select((eb) => eb.fn.max('day').as('day'))
    .where('hashtag_id', 'in', top)
    .executeTakeFirst();
  return row?.day == null ? undefined : Number(row.day);
}

/** How many of a network's most used tags say where a snapshot's data ends. */
const TOP_TAGS = 10;

/**
 * Adds a batch's words and word-tag pairs to the network's word table (decision 030): posts summed,
 * author sketches OR-ed (one author sets one bit however often it posts), the newest day kept.
 */
export async function addCaptionWords(
  trx: Transaction<Tables>,
  options: { network: string; counts: CaptionWordCounts },
): Promise<void> {
  const { network, counts } = options;
  if (counts.isEmpty) return;
  for (const chunk of chunksOf(counts.wordRows(), 1000)) {
    await trx
      .insertInto('caption_words')
      .values(chunk.map(([word, posts, authors, last_day]) => ({ network, word, posts, authors, last_day })))
      .onConflict((oc) =>
        oc.columns(['network', 'word']).doUpdateSet((eb) => ({
          posts: eb('caption_words.posts', '+', eb.ref('excluded.posts')),
          authors: sql<number>`caption_words.authors | excluded.authors`,
          last_day: sql<number>`case when excluded.last_day > caption_words.last_day
            then excluded.last_day else caption_words.last_day end`,
        })),
      )
      .execute();
  }
  for (const chunk of chunksOf(counts.pairRows(), 1000)) {
    await trx
      .insertInto('caption_word_tags')
      .values(
        chunk.map(([word, hashtag_id, posts, authors, last_day]) => ({
          network,
          word,
          hashtag_id,
          posts,
          authors,
          last_day,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['network', 'word', 'hashtag_id']).doUpdateSet((eb) => ({
          posts: eb('caption_word_tags.posts', '+', eb.ref('excluded.posts')),
          authors: sql<number>`caption_word_tags.authors | excluded.authors`,
          last_day: sql<number>`case when excluded.last_day > caption_word_tags.last_day
            then excluded.last_day else caption_word_tags.last_day end`,
        })),
      )
      .execute();
  }
}

/**
 * Drops the network's word rows that one person stands behind (a sketch of at most one bit) and
 * that no post has renewed since `lastDayBefore`: most pairs are seen once and never again, and one
 * person's pair suggests nothing (decision 030). Answers how many rows went.
 */
export async function pruneCaptionWords(
  db: Kysely<Tables>,
  options: { network: string; lastDayBefore: number },
): Promise<number> {
  let removed = 0;
  for (const table of ['caption_word_tags', 'caption_words'] as const) {
    const result = await db
      .deleteFrom(table)
      .where('network', '=', options.network)
      .where('last_day', '<', options.lastDayBefore)
      .where(sql<boolean>`(authors & (authors - 1)) = 0`)
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** Sets each tag's count to its uses from `fromDay` on (one primary-key range per tag). */
export async function refreshTagCounts(
  db: Kysely<Tables>,
  options: { ids: readonly number[]; fromDay: number; source: string; now: number; dialect: DialectName },
): Promise<void> {
  const ids = [...options.ids].sort((a, b) => a - b);
  for (const chunk of chunksOf(ids, 500)) {
    // PostgreSQL: the rows locked first, so the sums below are read after any batch writing these
    // tags has committed. An update that waits for a row lock keeps the snapshot it started with for
    // its subquery, and would write a sum without that batch's uses over the batch's count.
    if (options.dialect === 'postgres')
      await db
        .selectFrom('hashtags')
        .select('id')
        .where('id', 'in', chunk)
        .orderBy('id')
        .forUpdate()
        .execute();
    await db
      .updateTable('hashtags')
      .set({
        post_count: sql<number>`coalesce((select sum(d.uses) from hashtag_daily_uses d
          where d.hashtag_id = hashtags.id and d.day >= ${options.fromDay}), 0)`,
        count_state: 'known',
        count_source: options.source,
        updated_at: options.now,
      })
      .where('id', 'in', chunk)
      .execute();
  }
}

// ---- PostgreSQL's pending-links pass (pending-links-postgres.repository.ts): posts up to `last` ----

/**
 * The day as dayOfEpochSeconds counts it: a double's division rounded down, as JavaScript's (and
 * cheaper than numeric's, which took a third of the daily uses' time).
 */
const DAY_OF_POST = sql`floor(p.taken_at / 86400::float8)::integer`;

const AUTHOR_OF_POST = sql.raw(authorOfPostSql('p'));

const tagsOfPendingPosts = (last: number) =>
  sql`posts p cross join lateral unnest(string_to_array(p.tag_ids, ',')::int[]) as t(tag_id)
      where p.linked = 0 and p.id <= ${last} and p.tag_ids <> ''`;

/**
 * Links the pending posts to their tags and places, each table in one statement in key order.
 * Pending posts have no tag links, but after a stopped pass or beside another one: a plain insert
 * costs PostgreSQL about a third less than `on conflict`, kept for those cases (`skipStored`).
 */
export async function linkPendingTagsAndPlaces(
  trx: Transaction<Tables>,
  options: { last: number; skipStored: boolean },
): Promise<void> {
  await sql`insert into post_hashtags (hashtag_id, taken_at, post_id)
            select t.tag_id, p.taken_at, p.id from ${tagsOfPendingPosts(options.last)}
            order by 1, 2, 3 ${options.skipStored ? sql`on conflict do nothing` : sql``}`.execute(trx);
  await sql`insert into post_places (place_id, taken_at, post_id)
            select place_id, taken_at, id from posts
            where linked = 0 and id <= ${options.last} and place_id is not null
            order by 1, 2, 3 on conflict do nothing`.execute(trx);
}

/**
 * Links the pending posts to their owners and adds their tags' daily uses and, for the days trending
 * can still read once those uses are in (firstAuthorDay, per network), their daily posts per author,
 * each in one statement in key order. `now`: epoch ms of the pass.
 */
export async function linkPendingOwnersAndUses(
  trx: Transaction<Tables>,
  options: { last: number; now: number },
): Promise<void> {
  const { last, now } = options;
  await sql`insert into post_owners (owner, taken_at, post_id)
            select owner, taken_at, id from posts where linked = 0 and id <= ${last} and owner is not null
            order by 1, 2, 3 on conflict do nothing`.execute(trx);
  await sql`insert into hashtag_daily_uses (hashtag_id, day, uses)
            select t.tag_id, ${DAY_OF_POST}, count(*) from ${tagsOfPendingPosts(last)} group by 1, 2 order by 1, 2
            on conflict (hashtag_id, day) do update set uses = hashtag_daily_uses.uses + excluded.uses`.execute(
    trx,
  );
  // A post of another network than these keeps every day.
  const firstSeconds: RawBuilder<unknown>[] = [];
  for (const network of NETWORKS)
    firstSeconds.push(
      sql`when ${network} then ${(await firstAuthorDay(trx, { network, now })) * 86_400}::bigint`,
    );
  await sql`insert into hashtag_daily_authors (hashtag_id, day, author, posts)
            select t.tag_id, ${DAY_OF_POST}, ${AUTHOR_OF_POST}, count(*) from ${tagsOfPendingPosts(last)}
            and p.taken_at >= case p.network ${sql.join(firstSeconds, sql` `)} else p.taken_at end
            group by 1, 2, 3 order by 1, 2, 3
            on conflict (hashtag_id, day, author) do update set posts = hashtag_daily_authors.posts + excluded.posts`.execute(
    trx,
  );
}

/** Marks the pending posts up to `last` linked; answers how many. */
export async function markLinked(trx: Transaction<Tables>, last: number): Promise<number> {
  const result = await trx
    .updateTable('posts')
    .set({ linked: 1 })
    .where('linked', '=', 0)
    .where('id', '<=', last)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
