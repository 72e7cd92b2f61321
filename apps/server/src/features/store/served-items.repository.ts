import { type CompiledQuery, type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { CountState, PlaceTable, ProfileTable, Tables } from '../../db/tables.js';
import { chunksOf, groupBy, type IngestBatch, type ProfileToStore } from './ingest-batch.js';

/*
 * The values the store serves for tags, places and profiles, through Kysely: a trusted batch's
 * (the newest write wins; SQLite's prepared path has served-items-sqlite.repository.ts for its tags
 * and places), and the crowd cache's decisions (decision 011; crowd/crowd-subjects.repository.ts),
 * read, written and put back to unknown in the decision's transaction, where a write never moves
 * updated_at back (a trusted write newer than the crowd's still wins). The tags posts and crowd
 * reports name first are created by post-writes.repository.ts.
 */

// ---- The crowd cache's decisions ----

const newestOf = (table: 'hashtags' | 'places' | 'profiles', now: number) => {
  const current = sql.ref(`${table}.updated_at`);
  return sql<number>`case when ${current} > ${now} then ${current} else ${now} end`;
};

export interface TagCountRow {
  name: string;
  post_count: number;
  count_state: CountState;
  count_source: string | null;
}

export async function readTagCounts(
  trx: Transaction<Tables>,
  options: { network: string; names: readonly string[] },
): Promise<TagCountRow[]> {
  const rows: TagCountRow[] = [];
  for (const chunk of chunksOf(options.names, 500)) {
    rows.push(
      ...(await trx
        .selectFrom('hashtags')
        .select(['name', 'post_count', 'count_state', 'count_source'])
        .where('network', '=', options.network)
        .where('name', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** Serves a count (a number), or a state when there is none ('pending', 'lookup', ...), from `source`. */
export async function writeTagCount(
  trx: Transaction<Tables>,
  options: { network: string; name: string; count: number | CountState; source: string | null; now: number },
): Promise<void> {
  const { count } = options;
  await trx
    .updateTable('hashtags')
    .set({
      ...(typeof count === 'number'
        ? { post_count: count, count_state: 'known' as const }
        : { post_count: -1, count_state: count }),
      count_source: options.source,
      updated_at: newestOf('hashtags', options.now),
    })
    .where('network', '=', options.network)
    .where('name', '=', options.name)
    .execute();
}

/** The tag back to never counted: pending, as a tag only crowd reports have named. */
export async function forgetTagCount(
  trx: Transaction<Tables>,
  options: { network: string; name: string },
): Promise<void> {
  await trx
    .updateTable('hashtags')
    .set({ post_count: -1, count_state: 'pending', count_source: null })
    .where('network', '=', options.network)
    .where('name', '=', options.name)
    .execute();
}

export type ServedPlaceRow = Pick<
  PlaceTable,
  'id' | 'title' | 'post_count' | 'profile_pic_url' | 'value_source'
>;

export async function readPlaces(
  trx: Transaction<Tables>,
  ids: readonly string[],
): Promise<ServedPlaceRow[]> {
  const rows: ServedPlaceRow[] = [];
  for (const chunk of chunksOf(ids, 500)) {
    rows.push(
      ...(await trx
        .selectFrom('places')
        .select(['id', 'title', 'post_count', 'profile_pic_url', 'value_source'])
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** A place's served columns; those left out keep their value. */
export type PlaceColumns = Partial<
  Pick<PlaceTable, 'title' | 'title_key' | 'post_count' | 'profile_pic_url'>
> &
  Pick<PlaceTable, 'value_source'>;

/** Writes a place's columns; `isNew` when it has no row yet (one is created, being looked up). */
export async function writePlace(
  trx: Transaction<Tables>,
  options: { id: string; columns: PlaceColumns; isNew: boolean; now: number },
): Promise<void> {
  const { id, columns, now } = options;
  if (options.isNew) {
    await trx
      .insertInto('places')
      .values({
        id,
        title: '',
        title_key: '',
        post_count: -2,
        profile_pic_url: null,
        ...columns,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...columns, updated_at: newestOf('places', now) }))
      .execute();
    return;
  }
  await trx
    .updateTable('places')
    .set({ ...columns, updated_at: newestOf('places', now) })
    .where('id', '=', id)
    .execute();
}

export async function deletePlace(trx: Transaction<Tables>, id: string): Promise<void> {
  await trx.deleteFrom('places').where('id', '=', id).execute();
}

/** The profile columns the crowd may serve. */
export const SERVED_PROFILE_COLUMNS = [
  'username',
  'full_name',
  'biography',
  'followers',
  'following',
  'post_count',
  'is_business_account',
  'is_private',
  'is_verified',
  'business_category_name',
  'profile_pic_url',
] as const;

export type ServedProfileRow = Pick<
  ProfileTable,
  'id' | 'value_source' | (typeof SERVED_PROFILE_COLUMNS)[number]
>;

export async function readProfiles(
  trx: Transaction<Tables>,
  ids: readonly string[],
): Promise<ServedProfileRow[]> {
  const rows: ServedProfileRow[] = [];
  for (const chunk of chunksOf(ids, 500)) {
    rows.push(
      ...(await trx
        .selectFrom('profiles')
        .select(['id', 'value_source', ...SERVED_PROFILE_COLUMNS])
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** A profile's served columns (flags 0/1); those left out keep their value. */
export type ProfileColumns = Record<string, string | number | null> & Pick<ProfileTable, 'value_source'>;

/**
 * Writes a profile's columns; `isNew` when it has no row yet: `newRow` then holds every served
 * column (the values of a profile no one has given).
 */
export async function writeProfile(
  trx: Transaction<Tables>,
  options: {
    id: string;
    columns: ProfileColumns;
    isNew: boolean;
    now: number;
    newRow: Omit<ServedProfileRow, 'id' | 'value_source'>;
  },
): Promise<void> {
  const { id, columns, now } = options;
  if (options.isNew) {
    await trx
      .insertInto('profiles')
      .values({ ...options.newRow, id, ...columns, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...columns, updated_at: newestOf('profiles', now) }))
      .execute();
    return;
  }
  await trx
    .updateTable('profiles')
    .set({ ...columns, updated_at: newestOf('profiles', now) })
    .where('id', '=', id)
    .execute();
}

export async function deleteProfile(trx: Transaction<Tables>, id: string): Promise<void> {
  await trx.deleteFrom('profiles').where('id', '=', id).execute();
}

// ---- A trusted batch's tags with counts, places and profiles ----

/**
 * The batch's tags with counts, places and profiles as upserts, compiled to run in its transaction
 * (on SQLite's prepared path only the profiles: served-items-sqlite.repository.ts writes the rest).
 * The newest write wins.
 */
export function itemUpserts(db: Kysely<Tables>, batch: IngestBatch): CompiledQuery[] {
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

/**
 * A trusted batch vouches for the tags it carries on its network: pending ones become `lookup` (seen,
 * count unknown).
 */
export async function trustPendingTags(db: Kysely<Tables>, batch: IngestBatch): Promise<void> {
  const anyPending = await db
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
    await db
      .updateTable('hashtags')
      .set({ count_state: 'lookup' })
      .where('network', '=', batch.network)
      .where('count_state', '=', 'pending')
      .where('name', 'in', chunk)
      .execute();
  }
}
