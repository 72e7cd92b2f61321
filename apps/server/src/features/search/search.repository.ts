import { NETWORKS, type Network } from '@tagscout/core/networks';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { PlaceTable, ProfileTable } from '../../db/tables.js';
import type { HashtagRow } from './hashtag-row.js';
import { queryHot } from './search-postgres.repository.js';
import { hotStatements } from './search-sqlite.repository.js';

export type PlaceRow = Pick<Selectable<PlaceTable>, 'id' | 'title' | 'post_count' | 'profile_pic_url'>;
export type ProfileRow = Omit<Selectable<ProfileTable>, 'searches' | 'updated_at' | 'value_source'>;

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
