import { normalizeQuery } from '@tagscout/core/hashtags';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { ProfileTable, Tables } from '../../db/tables.js';
import { chunksOf } from '../store/ingest-batch.js';
import type { FieldValue, ItemValues, ServedRow } from './crowd-decision.js';
import { type CrowdSubject, PROFILE_RULES } from './crowd-subjects.js';

/** Where one kind of item is served from: the crowd's decisions are read from and written to it. */
export interface CrowdSubjectStore {
  subject: CrowdSubject;
  /** Rows that must exist before deciding (a tag's pending row); items are in key order. */
  prepare?(trx: Transaction<Tables>, network: string, items: readonly string[], now: number): Promise<void>;
  /** The served values of the crowd's fields, of the items that have a row. */
  read(trx: Transaction<Tables>, network: string, items: readonly string[]): Promise<Map<string, ServedRow>>;
  /** Writes values into the item's row; `isNew` when it has none yet (values then hold every field). */
  write(
    trx: Transaction<Tables>,
    target: { network: string; item: string; isNew: boolean; now: number },
    row: ServedRow,
  ): Promise<void>;
  /** The item back to never seen. */
  forget(trx: Transaction<Tables>, network: string, item: string): Promise<void>;
}

// A write never moves updated_at back (a trusted write newer than the crowd's still wins).
const newestOf = (table: 'hashtags' | 'places' | 'profiles', now: number) => {
  const current = sql.ref(`${table}.updated_at`);
  return sql<number>`case when ${current} > ${now} then ${current} else ${now} end`;
};

export const hashtagStore: CrowdSubjectStore = {
  subject: 'hashtag',
  async prepare(trx, network, items, now) {
    for (const chunk of chunksOf(items, 500)) {
      await trx
        .insertInto('hashtags')
        .values(
          chunk.map((name) => ({
            network,
            name,
            post_count: -1,
            count_state: 'pending' as const,
            banned: 0,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['network', 'name']).doNothing())
        .execute();
    }
  },
  async read(trx, network, items) {
    const rows = new Map<string, ServedRow>();
    for (const chunk of chunksOf(items, 500)) {
      const found = await trx
        .selectFrom('hashtags')
        .select(['name', 'post_count', 'count_state', 'count_source'])
        .where('network', '=', network)
        .where('name', 'in', chunk)
        .execute();
      for (const row of found) {
        const count = row.count_state === 'known' ? Number(row.post_count) : row.count_state;
        rows.set(row.name, { values: { count }, source: row.count_source });
      }
    }
    return rows;
  },
  async write(trx, { network, item, now }, row) {
    const count = row.values.count;
    await trx
      .updateTable('hashtags')
      .set(
        typeof count === 'number'
          ? {
              post_count: count,
              count_state: 'known',
              count_source: row.source,
              updated_at: newestOf('hashtags', now),
            }
          : {
              post_count: -1,
              count_state: String(count) as Tables['hashtags']['count_state'],
              count_source: row.source,
              updated_at: newestOf('hashtags', now),
            },
      )
      .where('network', '=', network)
      .where('name', '=', item)
      .execute();
  },
  async forget(trx, network, item) {
    await trx
      .updateTable('hashtags')
      .set({ post_count: -1, count_state: 'pending', count_source: null })
      .where('network', '=', network)
      .where('name', '=', item)
      .execute();
  },
};

export const placeStore: CrowdSubjectStore = {
  subject: 'place',
  async read(trx, _network, items) {
    const rows = new Map<string, ServedRow>();
    for (const chunk of chunksOf(items, 500)) {
      const found = await trx
        .selectFrom('places')
        .select(['id', 'title', 'post_count', 'profile_pic_url', 'value_source'])
        .where('id', 'in', chunk)
        .execute();
      for (const row of found) {
        rows.set(row.id, {
          values: { title: row.title, count: Number(row.post_count), profile_pic_url: row.profile_pic_url },
          source: row.value_source,
        });
      }
    }
    return rows;
  },
  async write(trx, { item, isNew, now }, row) {
    const { title, count, profile_pic_url } = row.values;
    const columns = {
      ...(title !== undefined && { title: String(title), title_key: normalizeQuery(String(title)) }),
      ...(count !== undefined && { post_count: Number(count) }),
      ...(profile_pic_url !== undefined && { profile_pic_url: textOrNull(profile_pic_url) }),
      value_source: row.source,
    };
    if (isNew) {
      await trx
        .insertInto('places')
        .values({
          id: item,
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
      .where('id', '=', item)
      .execute();
  },
  async forget(trx, _network, item) {
    await trx.deleteFrom('places').where('id', '=', item).execute();
  },
};

/** Profile fields the crowd may set, as the API names them; flags are 0/1 in the table. */
const PROFILE_FLAGS = ['is_business_account', 'is_private', 'is_verified'] as const;
const PROFILE_COLUMNS = [
  'username',
  'full_name',
  'biography',
  'followers',
  'following',
  'post_count',
  ...PROFILE_FLAGS,
  'business_category_name',
  'profile_pic_url',
] as const;

export const profileStore: CrowdSubjectStore = {
  subject: 'profile',
  async read(trx, _network, items) {
    const rows = new Map<string, ServedRow>();
    for (const chunk of chunksOf(items, 500)) {
      const found = await trx
        .selectFrom('profiles')
        .select(['id', 'value_source', ...PROFILE_COLUMNS])
        .where('id', 'in', chunk)
        .execute();
      for (const row of found) {
        rows.set(row.id, {
          values: {
            username: row.username,
            full_name: row.full_name,
            biography: row.biography,
            followers: Number(row.followers),
            following: Number(row.following),
            post_count: Number(row.post_count),
            is_business_account: row.is_business_account === 1,
            business_category_name: row.business_category_name,
            is_private: row.is_private === 1,
            is_verified: row.is_verified === 1,
            profile_pic_url: row.profile_pic_url,
          },
          source: row.value_source,
        });
      }
    }
    return rows;
  },
  async write(trx, { item, isNew, now }, row) {
    const columns = { ...profileColumns(row.values), value_source: row.source };
    if (isNew) {
      await trx
        .insertInto('profiles')
        .values({ ...NEW_PROFILE, id: item, ...columns, updated_at: now })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ ...columns, updated_at: newestOf('profiles', now) }),
        )
        .execute();
      return;
    }
    await trx
      .updateTable('profiles')
      .set({ ...columns, updated_at: newestOf('profiles', now) })
      .where('id', '=', item)
      .execute();
  },
  async forget(trx, _network, item) {
    await trx.deleteFrom('profiles').where('id', '=', item).execute();
  },
};

/** The decision fills every field of a new row; these name them for the insert's type. */
const NEW_PROFILE = { username: '', ...profileColumns(PROFILE_RULES.unknown) } as Omit<
  Insertable<ProfileTable>,
  'id' | 'updated_at' | 'value_source'
>;

function profileColumns(values: ItemValues): Record<string, string | number | null> {
  const columns: Record<string, string | number | null> = {};
  for (const column of PROFILE_COLUMNS) {
    const value = values[column];
    if (value === undefined) continue;
    columns[column] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return columns;
}

function textOrNull(value: FieldValue): string | null {
  return value === null ? null : String(value);
}

export const CROWD_STORES: Readonly<Record<CrowdSubject, CrowdSubjectStore>> = {
  hashtag: hashtagStore,
  place: placeStore,
  profile: profileStore,
};
