import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/connect.js';
import { readSetting, writeSetting } from '../../db/settings.js';
import { parseTagIds } from '../store/post-rows.js';
import type { NewPostReader, ResetReader, TagChangeReader, TrackedPost } from './new-post-tracker.js';

/** The settings key of the store's last reset of cached answers. */
const RESET_KEY = 'cached-answers-reset';

/** The new-post tracker's reads (new-post-tracker.ts): posts by id, the primary key. */
export function newPostReader(database: Database): NewPostReader {
  return {
    lastPostId: async () => {
      const row = await database.db
        .selectFrom('posts')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst();
      return Number(row?.last ?? 0);
    },
    postsAfter: async (afterId, ids, limit) => {
      const rows = await database.db
        .selectFrom('posts')
        .select(['id', 'network', 'tag_ids', 'place_id', 'owner'])
        .where((eb) =>
          ids.length === 0 ? eb('id', '>', afterId) : eb.or([eb('id', '>', afterId), idIn(database, ids)]),
        )
        .orderBy('id')
        .limit(limit + ids.length)
        .execute();
      return rows.map(
        (row): TrackedPost => ({
          id: Number(row.id),
          network: row.network,
          tagIds: parseTagIds(row.tag_ids),
          placeId: row.place_id,
          owner: row.owner,
        }),
      );
    },
    tagNames: async (ids) => {
      const rows = await database.db
        .selectFrom('hashtags')
        .select(['id', 'name'])
        .where(idIn(database, ids))
        .execute();
      return new Map(rows.map((row) => [Number(row.id), row.name]));
    },
  };
}

/** The tracker's reads of the tag changes the triggers of migration 023 write. */
export function tagChangeReader(database: Database): TagChangeReader {
  return {
    lastChangeId: async () => {
      const row = await database.db
        .selectFrom('hashtag_changes')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst();
      return Number(row?.last ?? 0);
    },
    changesAfter: async (afterId, ids, limit) => {
      const rows = await database.db
        .selectFrom('hashtag_changes')
        .select(['id', 'network', 'name'])
        .where((eb) =>
          ids.length === 0 ? eb('id', '>', afterId) : eb.or([eb('id', '>', afterId), idIn(database, ids)]),
        )
        .orderBy('id')
        .limit(limit + ids.length)
        .execute();
      return rows.map((row) => ({ id: Number(row.id), network: row.network, name: row.name }));
    },
    pruneBelow: async (id) => {
      await database.db.deleteFrom('hashtag_changes').where('id', '<', id).execute();
    },
  };
}

/** The tracker's read of the store's last reset (resetCachedAnswers). */
export function resetReader(database: Database): ResetReader {
  return { lastReset: () => readSetting(database, RESET_KEY) };
}

/**
 * Records a reset of every process's cached answers, after the change it stands for committed (a
 * purge): a new mark each time, so two resets are never mistaken for one. Answers the mark.
 */
export async function resetCachedAnswers(database: Database, now: number): Promise<string> {
  const mark = randomUUID();
  await writeSetting(database, RESET_KEY, mark, now);
  return mark;
}

/** One parameter for any number of ids. */
function idIn(database: Database, ids: readonly number[]) {
  return database.dialect === 'postgres'
    ? sql<boolean>`id = any(${[...ids]}::int[])`
    : sql<boolean>`id in (select value from json_each(${JSON.stringify(ids)}))`;
}
