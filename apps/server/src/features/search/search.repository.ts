import { capSubmitterShare } from '@tagscout/core/crowd';
import { NETWORKS, type Network } from '@tagscout/core/networks';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { CountState, PlaceTable, ProfileTable, Tables } from '../../db/tables.js';
import { queryHot } from './search-postgres.repository.js';
import { hotStatements } from './search-sqlite.repository.js';

export interface HashtagRow {
  name: string;
  post_count: number;
  count_state: CountState;
  banned: number;
}

export type PlaceRow = Pick<Selectable<PlaceTable>, 'id' | 'title' | 'post_count' | 'profile_pic_url'>;
export type ProfileRow = Omit<Selectable<ProfileTable>, 'searches' | 'updated_at' | 'value_source'>;

export type ItemKey =
  | { kind: 'hashtag'; network: Network; name: string }
  | { kind: 'place'; id: string }
  | { kind: 'profile'; id: string };

const hashtagColumns = ['name', 'post_count', 'count_state', 'banned'] as const;
const placeColumns = ['id', 'title', 'post_count', 'profile_pic_url'] as const;
const profileColumns = [
  'id',
  'username',
  'full_name',
  'biography',
  'followers',
  'following',
  'post_count',
  'is_business_account',
  'business_category_name',
  'is_private',
  'is_verified',
  'profile_pic_url',
] as const;

// Above every character, so [prefix, prefix + MAX) holds exactly the keys starting with prefix
// (byte order on SQLite and on PostgreSQL's "C" collation; UTF-8 keeps code point order).
const MAX_CHAR = '\u{10FFFF}';

export async function findHashtagsByNames(
  database: Database,
  network: Network,
  names: readonly string[],
): Promise<HashtagRow[]> {
  if (names.length === 0) return [];
  if (database.sqlite) {
    const statements = hotStatements(database.sqlite);
    return (
      names.length === 1
        ? statements.byName.all(network, names[0])
        : statements.byNames.all(network, JSON.stringify(names))
    ) as HashtagRow[];
  }
  if (database.pool) return queryHot<HashtagRow>(database.pool, 'byNames', [network, names]);
  return database.db
    .selectFrom('hashtags')
    .select(hashtagColumns)
    .where('network', '=', network)
    .where('name', 'in', names)
    .execute();
}

/** Tags of the network that start with the prefix (the prefix itself excluded), most used first. */
export async function findHashtagsByPrefix(
  database: Database,
  options: { network: Network; prefix: string; limit: number },
): Promise<HashtagRow[]> {
  const { network, prefix, limit } = options;
  if (database.sqlite) {
    return hotStatements(database.sqlite).byPrefix.all(
      network,
      prefix,
      prefix + MAX_CHAR,
      limit,
    ) as HashtagRow[];
  }
  if (database.pool) {
    return queryHot<HashtagRow>(database.pool, 'byPrefix', [network, prefix, prefix + MAX_CHAR, limit]);
  }
  return database.db
    .selectFrom('hashtags')
    .select(hashtagColumns)
    .where('network', '=', network)
    .where('name', '>', prefix)
    .where('name', '<', prefix + MAX_CHAR)
    .where('count_state', '<>', 'pending')
    .orderBy('post_count', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
}

/** How many tags start with the prefix (the prefix itself excluded), counting no further than `cap`. */
export async function countHashtagsByPrefix(
  database: Database,
  options: { network: Network; prefix: string; cap: number },
): Promise<number> {
  const { network, prefix, cap } = options;
  if (database.sqlite) {
    return Number(hotStatements(database.sqlite).countByPrefix.get(network, prefix, prefix + MAX_CHAR, cap));
  }
  if (database.pool) {
    const [row] = await queryHot<{ n: number }>(database.pool, 'countByPrefix', [
      network,
      prefix,
      prefix + MAX_CHAR,
      cap,
    ]);
    return Number(row?.n ?? 0);
  }
  const matches = database.db
    .selectFrom('hashtags')
    .select('name')
    .where('network', '=', network)
    .where('name', '>', prefix)
    .where('name', '<', prefix + MAX_CHAR)
    .limit(cap)
    .as('matches');
  const row = await database.db
    .selectFrom(matches)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The same answer as findHashtagsByPrefix, looked for among the most used tags only: for a one- or
 * two-letter prefix that is far cheaper than sorting every match. Undefined when fewer than `limit`
 * of the top tags match, since the answer may then lie further down.
 */
export async function findTopHashtagsByPrefix(
  database: Database,
  options: { network: Network; prefix: string; limit: number; among: number },
): Promise<HashtagRow[] | undefined> {
  if (database.sqlite) {
    const { network, among, prefix, limit } = options;
    const rows = hotStatements(database.sqlite).topByPrefix.all(
      network,
      among,
      prefix,
      prefix + MAX_CHAR,
      limit,
    );
    return rows.length === limit ? (rows as HashtagRow[]) : undefined;
  }
  if (database.pool) {
    const { network, among, prefix, limit } = options;
    const rows = await queryHot<HashtagRow>(database.pool, 'topByPrefix', [
      network,
      among,
      prefix,
      prefix + MAX_CHAR,
      limit,
    ]);
    return rows.length === limit ? rows : undefined;
  }
  const top = database.db
    .selectFrom('hashtags')
    .select([...hashtagColumns])
    .where('network', '=', options.network)
    .orderBy('post_count', 'desc')
    .orderBy('name')
    .limit(options.among)
    .as('top');
  const rows = await database.db
    .selectFrom(top)
    .selectAll()
    .where('name', '>', options.prefix)
    .where('name', '<', options.prefix + MAX_CHAR)
    .where('count_state', '<>', 'pending')
    .orderBy('post_count', 'desc')
    .orderBy('name')
    .limit(options.limit)
    .execute();
  return rows.length === options.limit ? rows : undefined;
}

export async function findPlacesByPrefix(
  database: Database,
  prefix: string,
  limit: number,
): Promise<PlaceRow[]> {
  return database.db
    .selectFrom('places')
    .select(placeColumns)
    .where('title_key', '>=', prefix)
    .where('title_key', '<', prefix + MAX_CHAR)
    .orderBy('post_count', 'desc')
    .orderBy('title_key')
    .limit(limit)
    .execute();
}

export async function findProfilesByPrefix(
  database: Database,
  prefix: string,
  limit: number,
): Promise<ProfileRow[]> {
  return database.db
    .selectFrom('profiles')
    .select(profileColumns)
    .where('username', '>=', prefix)
    .where('username', '<', prefix + MAX_CHAR)
    .orderBy('followers', 'desc')
    .orderBy('username')
    .limit(limit)
    .execute();
}

export async function findPlace(database: Database, id: string): Promise<PlaceRow | undefined> {
  return database.db.selectFrom('places').select(placeColumns).where('id', '=', id).executeTakeFirst();
}

/** By profile id, or else by username (the most followed holder of it). */
export async function findProfile(database: Database, idOrUsername: string): Promise<ProfileRow | undefined> {
  const byId = await database.db
    .selectFrom('profiles')
    .select(profileColumns)
    .where('id', '=', idOrUsername)
    .executeTakeFirst();
  if (byId) return byId;
  return database.db
    .selectFrom('profiles')
    .select(profileColumns)
    .where('username', '=', idOrUsername.toLowerCase())
    .orderBy('followers', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface RecentPosts {
  /** Each recent post's tag ids. */
  posts: number[][];
  /** The tags those posts carry (those in at least `minPosts` of them), by id. */
  tags: Map<number, HashtagRow>;
}

// The three link tables share (taken_at, post_id) after their item column; the builder is typed as
// the hashtag one, since only those two columns are read from it.
type Links = ReturnType<typeof linksOfHashtag>;
function linksOfHashtag(db: Kysely<Tables>) {
  return db.selectFrom('post_hashtags as links');
}

/** The item's range of its link table. */
function linksOf(db: Kysely<Tables>, item: ItemKey): Links {
  if (item.kind === 'hashtag') {
    return linksOfHashtag(db).where('links.hashtag_id', '=', (eb) =>
      eb
        .selectFrom('hashtags')
        .select('hashtags.id')
        .where('hashtags.network', '=', item.network)
        .where('hashtags.name', '=', item.name),
    );
  }
  const links =
    item.kind === 'place'
      ? db.selectFrom('post_places as links').where('links.place_id', '=', item.id)
      : db.selectFrom('post_owners as links').where('links.owner', '=', item.id);
  return links as unknown as Links;
}

/** How much further than the window a read looks when a crowd submitter's surplus was left out. */
const CAPPED_READ_FACTOR = 4;

/**
 * The item's `window` most recent posts with their tags, in two statements: the posts come from one
 * backward range of a link table's key ((hashtag_id | place_id | owner), taken_at, post_id) and carry
 * their tag ids; then the tags. A crowd submitter's posts beyond `perSubmitter` are left out (decision
 * 011), and so are tags seen only in crowd posts and reports (`pending`).
 */
export async function findRecentPosts(
  database: Database,
  options: { item: ItemKey; window: number; minPosts?: number; perSubmitter?: number },
): Promise<RecentPosts> {
  const { item, window } = options;
  const perSubmitter = options.perSubmitter ?? window;
  const readNewest = (limit: number) =>
    database.pool && item.kind === 'hashtag'
      ? queryHot<RecentPostRow>(database.pool, 'recentOfHashtag', [item.network, item.name, limit])
      : readNewestPosts(database.db, item, limit);
  const capped = (rows: RecentPostRow[]) =>
    capSubmitterShare(
      rows.map((row) => ({ submittedBy: row.submitted_by, value: row.tag_ids })),
      { window, perSubmitter },
    );
  const rows = await readNewest(window);
  let kept = capped(rows);
  if (kept.length < rows.length && rows.length === window)
    kept = capped(await readNewest(window * CAPPED_READ_FACTOR));
  const posts = kept.map((tagIds) => (tagIds === '' ? [] : tagIds.split(',').map(Number)));
  const ids = idsInAtLeast(posts, options.minPosts ?? 1);
  const tags = new Map<number, HashtagRow>();
  if (ids.length === 0) return { posts, tags };
  for (const { id, ...tag } of await findHashtagsByIds(database, ids)) tags.set(id, tag);
  return { posts, tags };
}

interface RecentPostRow {
  tag_ids: string;
  submitted_by: string | null;
}

function readNewestPosts(db: Kysely<Tables>, item: ItemKey, limit: number): Promise<RecentPostRow[]> {
  return linksOf(db, item)
    .innerJoin('posts', 'posts.id', 'links.post_id')
    .select(['posts.tag_ids', 'posts.submitted_by'])
    .orderBy('links.taken_at', 'desc')
    .orderBy('links.post_id', 'desc')
    .limit(limit)
    .execute();
}

/** Tags by id, leaving out those seen only in crowd posts and reports (`pending`). */
async function findHashtagsByIds(
  database: Database,
  ids: number[],
): Promise<({ id: number } & HashtagRow)[]> {
  // One parameter for thousands of ids: no statement with a placeholder per id to build and parse.
  if (database.pool) return queryHot(database.pool, 'byIds', [ids]);
  return database.db
    .selectFrom('hashtags')
    .select(['id', ...hashtagColumns])
    .where(sql<boolean>`id in (select value from json_each(${JSON.stringify(ids)}))`)
    .where('count_state', '<>', 'pending')
    .execute();
}

/** The tag ids found in at least `minPosts` of the posts (each post lists a tag once). */
function idsInAtLeast(posts: number[][], minPosts: number): number[] {
  if (minPosts <= 1) return [...new Set(posts.flat())];
  const seen = new Map<number, number>();
  for (const post of posts) for (const id of post) seen.set(id, (seen.get(id) ?? 0) + 1);
  return [...seen].filter(([, times]) => times >= minPosts).map(([id]) => id);
}

/** Banned names, once each: a banned name is banned on every network that holds it. */
export async function findBannedTagNames(database: Database): Promise<string[]> {
  const rows = await database.db
    .selectFrom('hashtags')
    .select('name')
    .distinct()
    .where('banned', '=', 1)
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

/**
 * Makes exactly these tags banned, and kept on every network (count unknown if new), so a search
 * for a banned name warns about it whichever network answers. Others are unbanned.
 */
export async function replaceBannedTags(
  database: Database,
  names: readonly string[],
  now: number,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    let unban = trx.updateTable('hashtags').set({ banned: 0 }).where('banned', '=', 1);
    if (names.length > 0) unban = unban.where('name', 'not in', names);
    await unban.execute();
    if (names.length === 0) return;
    await trx.updateTable('hashtags').set({ banned: 1 }).where('name', 'in', names).execute();
    for (const network of NETWORKS) {
      await trx
        .insertInto('hashtags')
        .values(
          names.map((name) => ({
            network,
            name,
            post_count: -1,
            count_state: 'unknown' as const,
            banned: 1,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['network', 'name']).doUpdateSet({ banned: 1 }))
        .execute();
    }
  });
}

/**
 * Whether the network holds data: a tag with a count, seen in posts or being indexed. Tags kept
 * only to be marked banned (count unknown) do not count.
 */
export async function hasAnyHashtag(database: Database, network: Network): Promise<boolean> {
  const row = await database.db
    .selectFrom('hashtags')
    .select('id')
    .where('network', '=', network)
    .where('count_state', '<>', 'unknown')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyPost(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
