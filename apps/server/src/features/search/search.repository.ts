import { NETWORKS, type Network } from '@tagscout/core/networks';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { PlaceTable, ProfileTable } from '../../db/tables.js';
import type { HashtagRow } from './hashtag-row.js';
import { queryHot } from './search-postgres.repository.js';
import { hotStatements } from './search-sqlite.repository.js';

export type PlaceRow = Pick<Selectable<PlaceTable>, 'id' | 'title' | 'post_count' | 'profile_pic_url'>;
export type ProfileRow = Omit<Selectable<ProfileTable>, 'searches' | 'updated_at' | 'value_source'>;

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

// The hot reads (the tag typed in full, counts of names, autocomplete) have one version per dialect:
// statements prepared on SQLite (search-sqlite.repository.ts), named prepared statements on
// PostgreSQL (search-postgres.repository.ts); hot-reads.test.ts checks that they answer the same.

/** The rows of those of `names` the network holds, in no particular order. */
export async function findHashtagsByNames(
  database: Database,
  network: Network,
  names: readonly string[],
): Promise<HashtagRow[]> {
  if (names.length === 0) return [];
  if (!database.sqlite) return queryHot<HashtagRow>(database, 'byNames', [network, names]);
  const statements = hotStatements(database.sqlite);
  return (
    names.length === 1
      ? statements.byName.all(network, names[0])
      : statements.byNames.all(network, JSON.stringify(names))
  ) as HashtagRow[];
}

/**
 * Tags of the network whose search key (foldTagAccents of the name) starts with `keyPrefix`, but the
 * one named `except` (the tag typed in full, which the caller reads apart), most used first.
 */
export async function findHashtagsByKeyPrefix(
  database: Database,
  options: { network: Network; keyPrefix: string; except: string; limit: number },
): Promise<HashtagRow[]> {
  const { network, keyPrefix, except, limit } = options;
  const values = [network, keyPrefix, keyPrefix + MAX_CHAR, except, limit];
  if (!database.sqlite) return queryHot<HashtagRow>(database, 'byKeyPrefix', values);
  return hotStatements(database.sqlite).byKeyPrefix.all(...values) as HashtagRow[];
}

/** How many tags' search keys start with `keyPrefix`, counting no further than `cap`. */
export async function countHashtagsByKeyPrefix(
  database: Database,
  options: { network: Network; keyPrefix: string; cap: number },
): Promise<number> {
  const values = [options.network, options.keyPrefix, options.keyPrefix + MAX_CHAR, options.cap];
  if (!database.sqlite) {
    const [row] = await queryHot<{ n: number }>(database, 'countByKeyPrefix', values);
    return Number(row?.n ?? 0);
  }
  return Number(hotStatements(database.sqlite).countByKeyPrefix.get(...values));
}

/**
 * The same answer as findHashtagsByKeyPrefix, looked for among the most used tags only: for a one-
 * or two-letter prefix that is far cheaper than sorting every match. Undefined when fewer than
 * `limit` of the top tags match, since the answer may then lie further down.
 */
export async function findTopHashtagsByKeyPrefix(
  database: Database,
  options: { network: Network; keyPrefix: string; except: string; limit: number; among: number },
): Promise<HashtagRow[] | undefined> {
  const { network, among, keyPrefix, except, limit } = options;
  const values = [network, among, keyPrefix, keyPrefix + MAX_CHAR, except, limit];
  const rows = database.sqlite
    ? (hotStatements(database.sqlite).topByKeyPrefix.all(...values) as HashtagRow[])
    : await queryHot<HashtagRow>(database, 'topByKeyPrefix', values);
  return rows.length === limit ? rows : undefined;
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
 * Whether the network holds served data: a tag with a count or seen in stored posts. Tags pending
 * agreement, being indexed, or kept only to be marked banned (count unknown) do not count.
 */
export async function hasAnyHashtag(database: Database, network: Network): Promise<boolean> {
  const row = await database.db
    .selectFrom('hashtags')
    .select('id')
    .where('network', '=', network)
    // Pending crowd reports and tags indexed on a visitor's search are one person's doing, which
    // must not choose the network every visitor sees (decision 025).
    .where('count_state', 'in', ['known', 'lookup'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
