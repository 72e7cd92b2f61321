import { sql, type Transaction } from 'kysely';
import type { CountState, PlaceTable, ProfileTable, Tables } from '../../db/tables.js';
import { chunksOf } from './ingest-batch.js';

/*
 * The values the store serves for tags, places and profiles as the crowd cache decides them
 * (decision 011; crowd/crowd-subjects.repository.ts): read, written and put back to unknown in the
 * decision's transaction. A write never moves updated_at back (a trusted write newer than the
 * crowd's still wins). The tags a crowd report names first are created by post-writes.repository.ts.
 */

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
