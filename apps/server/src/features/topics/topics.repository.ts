import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { TopicTable } from '../../db/tables.js';

/** Every query of the topics feature. Each one filters on owner_id in SQL (docs/security-policy.md#access-control). */

export type TopicRow = Selectable<TopicTable>;
export type NewTopicRow = Insertable<TopicTable>;
/** What a save replaces: everything but the id, owner, creator and created stamp. */
export type TopicChanges = Omit<TopicRow, 'topic_id' | 'owner_id' | 'creator_id' | 'created'>;

/** The owner's topics, most recently saved first. */
export async function findTopicsOfOwner(database: Database, ownerId: string): Promise<TopicRow[]> {
  return database.db
    .selectFrom('topics')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('modified', 'desc')
    .orderBy('topic_id')
    .execute();
}

export async function findTopic(
  database: Database,
  ownerId: string,
  topicId: string,
): Promise<TopicRow | undefined> {
  return database.db
    .selectFrom('topics')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
}

export async function insertTopic(database: Database, row: NewTopicRow | NewTopicRow[]): Promise<void> {
  await database.db.insertInto('topics').values(row).execute();
}

/**
 * Inserts the topic unless its owner already keeps `limit`; false when refused. The count and the
 * insert share a transaction, and on PostgreSQL the owner's new topics queue behind a transaction lock
 * so two cannot both take the last place (SQLite writes one transaction at a time anyway).
 */
export async function insertTopicWithinLimit(
  database: Database,
  row: NewTopicRow,
  limit: number,
): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext(${`topics:${row.owner_id}`}))`.execute(trx);
    }
    const { count } = await trx
      .selectFrom('topics')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('owner_id', '=', row.owner_id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= limit) return false;
    await trx.insertInto('topics').values(row).execute();
    return true;
  });
}

/**
 * Compare-and-set: replaces the topic only if it is still at `baseModified`, in one statement, so
 * two concurrent saves from the same version cannot both win. Returns whether it was replaced.
 */
export async function updateTopicAtVersion(
  database: Database,
  key: { ownerId: string; topicId: string; baseModified: number },
  changes: TopicChanges,
): Promise<boolean> {
  const result = await database.db
    .updateTable('topics')
    .set(changes)
    .where('owner_id', '=', key.ownerId)
    .where('topic_id', '=', key.topicId)
    .where('modified', '=', key.baseModified)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Returns whether a topic of this owner was deleted. */
export async function deleteTopic(database: Database, ownerId: string, topicId: string): Promise<boolean> {
  const result = await database.db
    .deleteFrom('topics')
    .where('owner_id', '=', ownerId)
    .where('topic_id', '=', topicId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every topic of one owner becomes another's (an anonymous trial that registered its email). */
export async function moveTopicsToOwner(database: Database, fromId: string, toId: string): Promise<void> {
  await database.db
    .updateTable('topics')
    .set((eb) => ({
      owner_id: toId,
      creator_id: eb.case().when('creator_id', '=', fromId).then(toId).else(eb.ref('creator_id')).end(),
    }))
    .where('owner_id', '=', fromId)
    .execute();
}
