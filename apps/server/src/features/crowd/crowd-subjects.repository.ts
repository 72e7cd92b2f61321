import { normalizeQuery } from '@tagscout/core/hashtags';
import type { Transaction } from 'kysely';
import type { DialectName } from '../../db/connect.js';
import type { CountState, Tables } from '../../db/tables.js';
import { findOrCreateTags } from '../store/post-writes.repository.js';
import {
  deletePlace,
  deleteProfile,
  forgetTagCount,
  readPlaces,
  readProfiles,
  readTagCounts,
  SERVED_PROFILE_COLUMNS,
  type ServedProfileRow,
  writePlace,
  writeProfile,
  writeTagCount,
} from '../store/served-items.repository.js';
import type { FieldValue, ItemValues, ServedRow } from './crowd-decision.js';
import { type CrowdSubject, PROFILE_RULES } from './crowd-subjects.js';

/**
 * Where one kind of item is served from: the crowd's decisions are read from and written to it,
 * through the store's rows (store/served-items.repository.ts).
 */
export interface CrowdSubjectStore {
  subject: CrowdSubject;
  /** Rows that must exist before deciding (a tag's pending row); items are in key order. */
  prepare?(
    trx: Transaction<Tables>,
    target: { network: string; items: readonly string[]; now: number; dialect: DialectName },
  ): Promise<void>;
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

export const hashtagStore: CrowdSubjectStore = {
  subject: 'hashtag',
  async prepare(trx, { network, items, now, dialect }) {
    const tag = { network, postCount: -1, countState: 'pending' as const, countSource: null, now };
    await findOrCreateTags(trx, { names: items, tag, dialect });
  },
  async read(trx, network, items) {
    const rows = new Map<string, ServedRow>();
    for (const row of await readTagCounts(trx, { network, names: items })) {
      const count = row.count_state === 'known' ? Number(row.post_count) : row.count_state;
      rows.set(row.name, { values: { count }, source: row.count_source });
    }
    return rows;
  },
  async write(trx, { network, item, now }, row) {
    const count = row.values.count;
    await writeTagCount(trx, {
      network,
      name: item,
      count: typeof count === 'number' ? count : (String(count) as CountState),
      source: row.source,
      now,
    });
  },
  async forget(trx, network, item) {
    await forgetTagCount(trx, { network, name: item });
  },
};

export const placeStore: CrowdSubjectStore = {
  subject: 'place',
  async read(trx, _network, items) {
    const rows = new Map<string, ServedRow>();
    for (const row of await readPlaces(trx, items)) {
      rows.set(row.id, {
        values: { title: row.title, count: Number(row.post_count), profile_pic_url: row.profile_pic_url },
        source: row.value_source,
      });
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
    await writePlace(trx, { id: item, columns, isNew, now });
  },
  async forget(trx, _network, item) {
    await deletePlace(trx, item);
  },
};

export const profileStore: CrowdSubjectStore = {
  subject: 'profile',
  async read(trx, _network, items) {
    const rows = new Map<string, ServedRow>();
    for (const row of await readProfiles(trx, items)) {
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
    return rows;
  },
  async write(trx, { item, isNew, now }, row) {
    const columns = { ...profileColumns(row.values), value_source: row.source };
    await writeProfile(trx, { id: item, columns, isNew, now, newRow: NEW_PROFILE });
  },
  async forget(trx, _network, item) {
    await deleteProfile(trx, item);
  },
};

/** The decision fills every field of a new row; these name them for the insert's type. */
const NEW_PROFILE = { username: '', ...profileColumns(PROFILE_RULES.unknown) } as Omit<
  ServedProfileRow,
  'id' | 'value_source'
>;

function profileColumns(values: ItemValues): Record<string, string | number | null> {
  const columns: Record<string, string | number | null> = {};
  for (const column of SERVED_PROFILE_COLUMNS) {
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
