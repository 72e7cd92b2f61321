import { sql, type Transaction } from 'kysely';
import type { Tables } from '../../db/tables.js';

/** A new post's own columns; the batch's columns come in `PostsOfBatch`. */
export interface PostRow {
  post_id: string;
  owner: string | null;
  taken_at: number;
  place_id: string | null;
  tag_ids: string;
}

export interface PostsOfBatch {
  source: string;
  submitted_by: string | null;
  network: string;
  linked: number;
}

export interface InsertedPost {
  id: number;
  post_id: string;
  taken_at: number;
  place_id: string | null;
  owner: string | null;
}

/**
 * The posts not stored yet, in one statement whose columns come as arrays, where a multi-row
 * VALUES list of thousands of parameters is parsed and bound anew each time (bench/HISTORY.md,
 * "Tenth session"). Posts already stored are skipped (`on conflict`); their rows are not returned.
 */
export async function insertPostsPostgres(
  trx: Transaction<Tables>,
  rows: readonly PostRow[],
  batch: PostsOfBatch,
): Promise<InsertedPost[]> {
  const column = <K extends keyof PostRow>(key: K) => rows.map((row) => row[key]);
  const result = await sql<InsertedPost>`
    insert into posts (post_id, owner, taken_at, place_id, tag_ids, source, submitted_by, network, linked)
    select p.post_id, p.owner, p.taken_at, p.place_id, p.tag_ids,
           ${batch.source}, ${batch.submitted_by}::text, ${batch.network}, ${batch.linked}::integer
    from unnest(${column('post_id')}::text[], ${column('owner')}::text[], ${column('taken_at')}::bigint[],
                ${column('place_id')}::text[], ${column('tag_ids')}::text[])
         as p(post_id, owner, taken_at, place_id, tag_ids)
    on conflict (post_id) do nothing
    returning id, post_id, taken_at, place_id, owner`.execute(trx);
  return result.rows;
}

/** Creates the tags of the names not stored yet (count unknown) and gives every name's id. */
export async function insertTagsPostgres(
  trx: Transaction<Tables>,
  names: readonly string[],
  tag: { network: string; countState: string; now: number },
): Promise<{ id: number; name: string }[]> {
  await sql`
    insert into hashtags (network, name, post_count, count_state, banned, updated_at)
    select ${tag.network}, n.name, -1, ${tag.countState}, 0, ${tag.now}::bigint
    from unnest(${names}::text[]) as n(name)
    on conflict (network, name) do nothing`.execute(trx);
  const result = await sql<{ id: number; name: string }>`
    select id, name from hashtags where network = ${tag.network} and name = any(${names}::text[])`.execute(
    trx,
  );
  return result.rows;
}
