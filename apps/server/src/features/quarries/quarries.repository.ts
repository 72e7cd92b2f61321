import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { QuarryTable } from '../../db/tables.js';

export type QuarryRow = Selectable<QuarryTable>;
export type QuarryPatch = Omit<Updateable<QuarryTable>, 'id' | 'owner_id' | 'created_at'>;

/** A quarry of one owner: every read and write below names both (docs/security-policy.md#access-control). */
export interface OwnedQuarry {
  ownerId: string;
  quarryId: string;
}

export async function insertQuarry(database: Database, row: Insertable<QuarryTable>): Promise<void> {
  await database.db.insertInto('quarries').values(row).execute();
}

export async function findQuarry(database: Database, key: OwnedQuarry): Promise<QuarryRow | undefined> {
  return database.db
    .selectFrom('quarries')
    .selectAll()
    .where('owner_id', '=', key.ownerId)
    .where('id', '=', key.quarryId)
    .executeTakeFirst();
}

/** The owner's quarries, newest first. */
export async function findQuarries(database: Database, ownerId: string): Promise<QuarryRow[]> {
  return database.db
    .selectFrom('quarries')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** True when the owner's quarry existed and was changed. */
export async function updateQuarry(
  database: Database,
  key: OwnedQuarry,
  patch: QuarryPatch,
): Promise<boolean> {
  const result = await database.db
    .updateTable('quarries')
    .set(patch)
    .where('owner_id', '=', key.ownerId)
    .where('id', '=', key.quarryId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** True when the owner's quarry existed; its prospects go with it (cascade). */
export async function deleteQuarry(database: Database, key: OwnedQuarry): Promise<boolean> {
  const result = await database.db
    .deleteFrom('quarries')
    .where('owner_id', '=', key.ownerId)
    .where('id', '=', key.quarryId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findPlacesByIds(
  database: Database,
  ids: readonly string[],
): Promise<{ id: string; title: string; post_count: number }[]> {
  if (ids.length === 0) return [];
  return database.db
    .selectFrom('places')
    .select(['id', 'title', 'post_count'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Business categories of the stored profiles, most common first. */
export async function findCategories(database: Database, limit: number): Promise<string[]> {
  const rows = await database.db
    .selectFrom('profiles')
    .select(['business_category_name as name', (eb) => eb.fn.countAll().as('profiles')])
    .where('business_category_name', 'is not', null)
    .where('business_category_name', '!=', '')
    .groupBy('business_category_name')
    .orderBy('profiles', 'desc')
    .orderBy('business_category_name')
    .limit(limit)
    .execute();
  return rows.map((row) => row.name ?? '').filter((name) => name !== '');
}

// ---- For background runs, which act for the owner rather than for a request ----

export async function findQuarryToRun(database: Database, quarryId: string): Promise<QuarryRow | undefined> {
  return database.db.selectFrom('quarries').selectAll().where('id', '=', quarryId).executeTakeFirst();
}

/** Active quarries, of one owner or of everyone, oldest first. */
export async function findActiveQuarryIds(database: Database, ownerId?: string): Promise<string[]> {
  let query = database.db.selectFrom('quarries').select('id').where('active', '=', 1);
  if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => row.id);
}

// ---- The automation settings template, one per account ----

export async function findAutomationTemplate(
  database: Database,
  ownerId: string,
): Promise<{ document: string; updated_at: number } | undefined> {
  return database.db
    .selectFrom('automation_templates')
    .select(['document', 'updated_at'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export async function saveAutomationTemplate(
  database: Database,
  row: { ownerId: string; document: string; now: number },
): Promise<void> {
  await database.db
    .insertInto('automation_templates')
    .values({ owner_id: row.ownerId, document: row.document, updated_at: row.now })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ document: row.document, updated_at: row.now }))
    .execute();
}

/**
 * Every quarry of one owner becomes another's, with its prospecting allowance and automation
 * template when the other has none (an anonymous trial that registered its email).
 */
export async function moveQuarriesToOwner(database: Database, fromId: string, toId: string): Promise<void> {
  const { db } = database;
  await db.updateTable('quarries').set({ owner_id: toId }).where('owner_id', '=', fromId).execute();
  for (const table of ['prospecting_usage', 'automation_templates'] as const) {
    const taken = await db
      .selectFrom(table)
      .select('owner_id')
      .where('owner_id', '=', toId)
      .executeTakeFirst();
    if (taken) await db.deleteFrom(table).where('owner_id', '=', fromId).execute();
    else await db.updateTable(table).set({ owner_id: toId }).where('owner_id', '=', fromId).execute();
  }
}
