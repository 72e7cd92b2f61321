import type SqliteDatabase from 'better-sqlite3';
import type { IngestBatch } from './ingest-batch.js';

/**
 * A trusted batch's tags with counts and its places on SQLite's prepared statements, inside the
 * caller's transaction on the handle: the same upserts as served-items.repository.ts's (the newest
 * write wins).
 */
export function upsertTagCountsAndPlaces(sqlite: SqliteDatabase.Database, batch: IngestBatch): void {
  const statements = statementsOf(sqlite);
  // In name order: neighbouring inserts land on the same pages of the name indexes.
  const tags = [...(batch.hashtags ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const tag of tags) {
    statements.upsertTagCount.run(batch.network, tag.name, tag.count, batch.source, batch.now);
  }
  for (const place of batch.places ?? []) {
    statements.upsertPlace.run(
      place.id,
      place.title,
      place.titleKey,
      place.count,
      place.profilePicUrl ?? null,
      batch.now,
      batch.source,
    );
  }
}

interface Statements {
  upsertTagCount: SqliteDatabase.Statement<[string, string, number, string, number]>;
  upsertPlace: SqliteDatabase.Statement<[string, string, string, number, string | null, number, string]>;
}

const statementsByHandle = new WeakMap<SqliteDatabase.Database, Statements>();

function statementsOf(sqlite: SqliteDatabase.Database): Statements {
  let statements = statementsByHandle.get(sqlite);
  if (statements) return statements;
  statements = {
    upsertTagCount: sqlite.prepare(
      `insert into hashtags (network, name, post_count, count_state, count_source, banned, updated_at)
       values (?, ?, ?, 'known', ?, 0, ?)
       on conflict (network, name) do update set post_count = excluded.post_count,
         count_state = excluded.count_state, count_source = excluded.count_source,
         updated_at = excluded.updated_at
       where excluded.updated_at >= hashtags.updated_at`,
    ),
    upsertPlace: sqlite.prepare(
      `insert into places (id, title, title_key, post_count, profile_pic_url, updated_at, value_source)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set title = excluded.title, title_key = excluded.title_key,
         post_count = excluded.post_count,
         profile_pic_url = coalesce(excluded.profile_pic_url, places.profile_pic_url),
         updated_at = excluded.updated_at, value_source = excluded.value_source
       where excluded.updated_at >= places.updated_at`,
    ),
  };
  statementsByHandle.set(sqlite, statements);
  return statements;
}
